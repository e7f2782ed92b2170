#!/usr/bin/env bash
# The storage part of /gasless/quote alone (bench/gasless-store/...StoreBench.java): JVM CPU per quote, before (two
# commits per quote, as the service did until issue 17) and after (GaslessQuoteStore's grouped commit), on H2 and, with
# `postgres`, on PostgreSQL (127.0.0.1:5432, database test, user postgres; a fresh schema, dropped afterwards).
# Needs `./mvnw -DskipTests package` (target/classes, target/test-classes and the jar's libraries).
# Usage: bench/gasless-store.sh [h2|postgres] [threads] [quotes]
set -euo pipefail
cd "$(dirname "$0")/.."
db=${1:-h2}; threads=${2:-16}; quotes=${3:-4000}
java=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin}
out=$(mktemp -d /tmp/junction-store-bench.XXXXXX)
trap 'rm -rf "$out"' EXIT
(cd "$out" && unzip -q "$OLDPWD/target/junction.jar" 'BOOT-INF/lib/*')
cp="target/classes:target/test-classes:$(ls -d "$out"/BOOT-INF/lib/*.jar | tr '\n' ':')"
"$java/javac" -d "$out/classes" -cp "$cp" bench/gasless-store/dev/junction/gasless/StoreBench.java
for run in "old random" "group random" "group ordered"; do
  if [ "$db" = postgres ]; then
    schema=junction_store_bench_$$
    psql -q -h 127.0.0.1 -U postgres test -c "CREATE SCHEMA $schema"
    "$java/java" -cp "$out/classes:$cp" dev.junction.gasless.StoreBench $run "$threads" "$quotes" \
      "jdbc:postgresql://127.0.0.1:5432/test?currentSchema=$schema" "$schema" 2>/dev/null | grep 'us/quote'
    PGOPTIONS=--client-min-messages=warning psql -q -h 127.0.0.1 -U postgres test -c "DROP SCHEMA $schema CASCADE"
  else
    "$java/java" -cp "$out/classes:$cp" dev.junction.gasless.StoreBench $run "$threads" "$quotes" 2>/dev/null \
      | grep 'us/quote'
  fi
done
