#!/usr/bin/env bash
# Profiles one endpoint of a running Junction under wrk load: a JFR recording (settings=profile: CPU samples every
# 10 ms, allocation samples) and per-thread CPU from /proc over the same window, then the split by category.
# Usage: bench/profile.sh <pid> <base-url> <endpoint> [seconds] [out-dir]
#   e.g. bench/profile.sh 4286 http://127.0.0.1:18491 /quote 20 /tmp/prof
set -euo pipefail
pid=$1; base=$2; endpoint=$3; seconds=${4:-20}; out=${5:-/tmp/junction-profile}
here=$(cd "$(dirname "$0")" && pwd)
jdk=$(dirname "$(readlink -f "/proc/$pid/exe")")
mkdir -p "$out"
name=$(echo "$endpoint" | tr -c 'a-z0-9\n' '_' | sed 's/^_//')
paths="$out/$name.paths"
python3 - "$endpoint" > "$paths" <<PY
import importlib.util, sys
s = importlib.util.spec_from_file_location("b", "$here/http.py"); m = importlib.util.module_from_spec(s)
s.loader.exec_module(m); print("\n".join(m.paths(sys.argv[1])))
PY
wrk -t1 -c16 -d"$((seconds + 2))s" -s "$here/mix.lua" "$base" -- "$paths" > "$out/$name.wrk" &
wrk_pid=$!
sleep 1
"$jdk/jcmd" "$pid" JFR.start name=bench settings=profile filename="$out/$name.jfr" > /dev/null
python3 "$here/profile-split.py" threads "$pid" "$seconds" > "$out/$name.threads"
"$jdk/jcmd" "$pid" JFR.stop name=bench > /dev/null
wait $wrk_pid
PATH="$jdk:$PATH" python3 "$here/profile-split.py" cpu "$out/$name.jfr" > "$out/$name.split"
grep RESULT "$out/$name.wrk"
cat "$out/$name.threads" "$out/$name.split"
