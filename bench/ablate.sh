#!/usr/bin/env bash
# What issue 17's ratios would be if planning cost nothing: builds the committed HEAD with
# bench/ablation/free-planning.patch in a scratch worktree (never the product: the patch adds two switches that no
# configuration of Junction has) and runs bench/run.sh on that jar three times, each on a fresh server:
#   shipped                 the patched jar with both switches off: the product's code path
#   free-planning           -Dablate.planmemo=true: each pair is planned once, then every request of the pair (any
#                           amount) is answered with those routes, so planning costs a map lookup
#   free-planning+no-store  the same, and /quote and /build-best-path store nothing (-Dablate.nostore=true)
# The answers of the ablated variants are wrong (routes of another amount, quotes nobody can build later); only their
# cost means something: everything a request does besides planning (and storing). At the end,
# bench/ablation/summary.py prints per endpoint what planning and storing cost in the server and how much planning
# may cost for the endpoint to reach issue 17's target.
# Usage: bench/ablate.sh h2|postgres [http.py options...]
#   e.g. bench/ablate.sh h2 --warmup 30 --seconds 10 --rounds 2
# Uncommitted changes are not measured: the worktree is HEAD. PERFORMANCE.md, "fifteenth pass", has the figures.
set -euo pipefail
db=$1; shift
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
java=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
work=$(mktemp -d /tmp/junction-ablation.XXXXXX)
cleanup() {
  git -C "$repo" worktree remove --force "$work/tree" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
git -C "$repo" worktree add -q --detach "$work/tree" HEAD
git -C "$work/tree" apply "$here/ablation/free-planning.patch"
echo "building $(git -C "$repo" rev-parse --short HEAD) with bench/ablation/free-planning.patch"
(cd "$work/tree" && ./mvnw -B -ntp -q -DskipTests package > "$work/build.log" 2>&1) || { cat "$work/build.log"; exit 1; }
for variant in shipped free-planning free-planning+no-store; do
  case $variant in
    shipped) flags="" ;;
    free-planning) flags="-Dablate.planmemo=true" ;;
    free-planning+no-store) flags="-Dablate.planmemo=true -Dablate.nostore=true" ;;
  esac
  printf '#!/bin/sh\nexec %s %s "$@"\n' "$java" "$flags" > "$work/java"
  chmod +x "$work/java"
  echo "=== $variant ($(date -u +%H:%M:%S) UTC)"
  JAVA="$work/java" "$here/run.sh" "$work/tree/target/junction/junction.jar" "$db" "$@" --json "$work/$variant.json"
done
python3 "$here/ablation/summary.py" "$work/shipped.json" "$work/free-planning.json" "$work/free-planning+no-store.json"
