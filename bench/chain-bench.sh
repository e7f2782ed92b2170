#!/usr/bin/env bash
# Chain mode's benchmark (issue 14 "Speed and cost"; figures in docs/PERFORMANCE.md). Builds a synthetic anvil market
# (chains/bin/synthetic-market.mjs: real Uniswap V2/V3 bytecode from npm, 1,000 pairs + 1,000 pools by default),
# loads a ChainMarket from it cold, then follows 200 blocks of 100 swaps each, and prints the cold load's wall time
# and HTTP requests, HTTP requests per block and the logs-to-snapshot time (p50/p90/p99). Not part of ./mvnw verify.
# Options as system properties, e.g.:
#   bench/chain-bench.sh -Dchainbench.v2=1000 -Dchainbench.v3=1000 -Dchainbench.blocks=200 -Dchainbench.swaps=100
#   bench/chain-bench.sh -Dchainbench.multicall=false      # JSON-RPC batches instead of Multicall3
set -euo pipefail
cd "$(dirname "$0")/.."
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
rm -f target/chain-bench.txt
./mvnw -q -B -ntp test -Dtest=ChainBench -Dsurefire.failIfNoSpecifiedTests=false "$@" > target/chain-bench.log 2>&1 \
  || { tail -50 target/chain-bench.log >&2; echo "chain bench failed: see target/chain-bench.log" >&2; exit 1; }
cat target/chain-bench.txt
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
