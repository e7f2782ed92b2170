#!/usr/bin/env bash
# Issue 38's /quote bench over HTTP (figures in docs/PERFORMANCE.md, "Freshness"): /quote p50/p99 under a steady wrk
# load on the synthetic 2,000-pool anvil market in chain mode (heads pushed over ws-url), with the chain frozen and
# then while a block of 100 swaps is mined every 250 ms, both in one run, and their ratio (target: p99 <= 1.2x).
# One command: builds the jar if target/junction/junction.jar is missing (./mvnw -DskipTests package), builds the
# market into STATE once (anvil --dump-state; later runs --load-state it), starts anvil and Junction, runs wrk (one
# thread, 4 paced connections: wrk stays a few % of a core) and chains/bin/swap-blocks.mjs, prints the figures and
# stops everything. Needs wrk (Debian: apt-get install -y wrk). Not part of CI. Details: bench/fresh-quote.py.
#   bench/fresh-quote.sh                                       # 30 s warm-up, then 30 s frozen, 30 s blocks
#   bench/fresh-quote.sh --rounds 2 --seconds 20               # frozen, blocks, frozen, blocks
#   bench/fresh-quote.sh --connections 8 --pause-ms 10         # a heavier steady load
#   bench/fresh-quote.sh --state /tmp/fresh-cb-state.json      # the market file of chain-bench.sh's -Dchainbench.state
#   bench/fresh-quote.sh --jvm "-XX:StartFlightRecording=filename=/tmp/fresh.jfr,settings=profile" --keep
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk > /dev/null || { echo "wrk is missing (Debian: apt-get install -y wrk)" >&2; exit 1; }
if [ ! -f target/junction/junction.jar ]; then
  echo "building target/junction/junction.jar (./mvnw -DskipTests package)"
  ./mvnw -q -B -ntp -DskipTests package > target/fresh-quote-build.log 2>&1 \
    || { tail -30 target/fresh-quote-build.log >&2; exit 1; }
fi
exec python3 bench/fresh-quote.py "$@"
