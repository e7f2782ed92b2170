#!/usr/bin/env bash
# Starts Junction from a jar with the default configuration (rate limiting off, see PERFORMANCE.md), runs
# bench/http.py against it (wrk, interleaved with the liveness probe) and stops it. The server logs its collections
# (-Xlog:gc) for http.py's GC columns; on H2 it prints the database file's size at the end.
# Usage: bench/run.sh <jar> h2|postgres [http.py options...]
#   e.g. bench/run.sh target/junction/junction.jar h2 --warmup 20 --seconds 10 --rounds 2
# postgres: 127.0.0.1:5432, database test, user postgres (trust); a fresh schema junction_bench_<pid> is created
# and dropped afterwards.
set -euo pipefail
jar=$1; db=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
java=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
data=$(mktemp -d /tmp/junction-bench-data.XXXXXX)
args=(--server.port="$port" --junction.data-dir="$data" --junction.rate-limit.enabled=false)
schema=""
if [ "$db" = postgres ]; then
  schema=junction_bench_$$
  args+=(--spring.datasource.url="jdbc:postgresql://127.0.0.1:5432/test?currentSchema=$schema"
         --spring.datasource.username=postgres --spring.datasource.password= --spring.flyway.schemas="$schema")
fi
"$java" -Xmx512m -Xlog:gc:file="$data/gc.log" -jar "$jar" "${args[@]}" > "$data/server.log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  if [ -n "$schema" ]; then PGOPTIONS=--client-min-messages=warning psql -q -h 127.0.0.1 -U postgres test -c "DROP SCHEMA IF EXISTS $schema CASCADE" || true; fi
  rm -rf "$data"
}
trap cleanup EXIT
for _ in $(seq 1 180); do
  curl -sf "http://127.0.0.1:$port/actuator/health/liveness" > /dev/null && break
  kill -0 "$server" 2>/dev/null || { cat "$data/server.log"; exit 1; }
  sleep 1
done
echo "server: $jar on $db, pid $server, port $port; load: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$here/http.py" --base "http://127.0.0.1:$port" --pid "$server" --gc-log "$data/gc.log" "$@"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$db" = h2 ]; then echo "H2 file after the run: $(du -m "$data/junction.mv.db" | cut -f1) MB"; fi
