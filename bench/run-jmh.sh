#!/usr/bin/env bash
# Builds the JMH benchmarks (profile bench) and runs them on the JDK the build selected. Extra arguments go to JMH,
# e.g. bench/run-jmh.sh -wi 2 -i 3 PlannerBenchmark
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -B -Pbench -DskipTests test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
JAVA="${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}"
exec "$JAVA" -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" org.openjdk.jmh.Main "$@"
