#!/usr/bin/env bash
# Chain mode's benchmark (issue 14 "Speed and cost"; figures in docs/PERFORMANCE.md). Builds a synthetic anvil market
# (chains/bin/synthetic-market.mjs: real Uniswap V2/V3 bytecode from npm, 1,000 pairs + 1,000 pools by default),
# loads a ChainMarket from it cold, then follows 200 blocks of 100 swaps each, and prints the cold load's wall time
# and HTTP requests, HTTP requests per block and the logs-to-snapshot time (p50/p90/p99). Then (ChainFreshnessBench,
# issue 38) the same market followed over anvil's WebSocket: a quoting thread for chainfresh.seconds (30) with the chain
# frozen, then as long with a block of chainbench.swaps swaps every chainfresh.block-ms (250): head arrival -> snapshot
# published p50/p90/p99 and where it went (per phase), block -> in every quote, and the quotes' p50/p99 in both
# phases. The same over HTTP with wrk: bench/fresh-quote.sh. Not part of ./mvnw verify.
# Options as system properties, e.g.:
#   bench/chain-bench.sh -Dchainbench.v2=1000 -Dchainbench.v3=1000 -Dchainbench.blocks=200 -Dchainbench.swaps=100
#   bench/chain-bench.sh -Dchainbench.multicall=false      # JSON-RPC batches instead of Multicall3
#   bench/chain-bench.sh -Dchainbench.v4=200 -Dchainbench.balancer=100  # plus Uniswap V4 and Balancer V2 pools (issue 36)
#   CHAIN_BENCH=ChainFreshnessBench bench/chain-bench.sh -Dchainbench.state=/tmp/cb-state.json  # freshness only
set -euo pipefail
cd "$(dirname "$0")/.."
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
rm -f target/chain-bench.txt target/chain-freshness.txt
./mvnw -q -B -ntp test -Dtest="${CHAIN_BENCH:-ChainBench,ChainFreshnessBench}" -Dsurefire.failIfNoSpecifiedTests=false \
  "$@" > target/chain-bench.log 2>&1 \
  || { tail -50 target/chain-bench.log >&2; echo "chain bench failed: see target/chain-bench.log" >&2; exit 1; }
for f in target/chain-bench.txt target/chain-freshness.txt; do
  if [ -f "$f" ]; then cat "$f"; fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
