package dev.junction.execution.it;

import dev.junction.JunctionApplication;
import dev.junction.support.endpoints.TestEndpoints;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The packaged service ({@code target/junction/junction.jar}, the extracted layout README starts) as a child process,
 * for the reliability tests. Its class path is that jar (whose manifest brings {@code lib/}) and the test-only
 * endpoints of the test sources ({@link TestEndpoints}), which {@code junction.execution.test-endpoint=true} enables.
 * {@link #kill()} sends SIGKILL: no shutdown hook runs; {@link #terminate()} sends SIGTERM.
 */
final class ServiceProcess {

    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final List<String> args;
    private final Path log;
    private final int port;
    private final Map<String, String> env = new HashMap<>();
    private final AtomicBoolean diagnosed = new AtomicBoolean();
    private Path jar = Path.of("target", "junction", "junction.jar");
    private boolean extractedLayout = true;
    private Process process;

    ServiceProcess(Path log, List<String> extraArgs) {
        this.port = freePort();
        this.log = log;
        this.args = new ArrayList<>(extraArgs);
        this.args.add("--server.port=" + port);
    }

    /** Sets an environment variable of the child (secrets such as the relayer key go here, not on the command line). */
    ServiceProcess env(String name, String value) {
        env.put(name, value);
        return this;
    }

    /**
     * Runs {@code jar} with {@code java -jar} instead of the extracted layout README starts (the fat jar
     * {@code target/junction.jar}, say); without the test-only endpoints.
     */
    ServiceProcess jar(Path jar) {
        this.jar = jar;
        this.extractedLayout = false;
        return this;
    }

    /** Starts the jar and waits (bounded) until it answers HTTP. */
    ServiceProcess start() throws Exception {
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar + " is missing: run the package phase first (mvn verify)");
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx384m", "-XX:TieredStopAtLevel=1"));
        if (extractedLayout) {
            Path endpoints = TestEndpoints.classPath(Files.createTempDirectory(log.toAbsolutePath().getParent(),
                    "test-endpoints"));
            cmd.addAll(List.of("-cp", jar + File.pathSeparator + endpoints, JunctionApplication.class.getName()));
        } else {
            cmd.addAll(List.of("-jar", jar.toString()));
        }
        cmd.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        process = builder.start();
        Process started = process;
        // if the test JVM ends (normally or by SIGTERM) the child must not outlive it
        Runtime.getRuntime().addShutdownHook(new Thread(started::destroyForcibly));
        long end = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (System.nanoTime() < end) {
            if (!process.isAlive()) {
                throw new IllegalStateException("service exited with " + process.exitValue() + "; see " + log);
            }
            try {
                // any HTTP answer means the service is up; not through send(): a slow start is no hang to diagnose
                HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/internal/test/swaps/ping"))
                        .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.discarding());
                return this;
            } catch (IOException e) {
                // not up yet
            }
            Thread.sleep(200);
        }
        process.destroyForcibly();
        throw new IllegalStateException("service did not start within 120 s; see " + log);
    }

    /** SIGKILL, then waits for the process to be gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** SIGTERM (a graceful stop: Spring's shutdown runs), then waits (bounded) for the process to exit. */
    int terminate() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("service did not stop within 60 s of SIGTERM; see " + log);
        }
        return process.exitValue();
    }

    /** The service's base URL, {@code http://127.0.0.1:<port>}. */
    String base() {
        return "http://127.0.0.1:" + port;
    }

    boolean alive() {
        return process != null && process.isAlive();
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10)).GET().build());
    }

    JsonNode post(String path, String json) throws IOException, InterruptedException {
        HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(20)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("POST " + path + " -> " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body());
    }

    /** POSTs JSON and answers the response whatever its status. */
    HttpResponse<String> postForResponse(String path, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(60)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    /**
     * Sends a request; when the service does not answer in time, prints what it was doing (a dump of all its threads,
     * virtual ones included, and the end of its log) before the timeout is rethrown, so a hang in CI can be read.
     */
    private HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            printDiagnosis(request.method() + " " + request.uri().getPath() + " timed out after "
                    + request.timeout().orElseThrow());
            throw e;
        }
    }

    /**
     * Waits (bounded) until the service reports itself ready ({@code /actuator/health/readiness} 200): Spring's
     * ApplicationReadyEvent has run. Until then {@code /actuator/health} answers 503, as it should.
     */
    ServiceProcess awaitReady() throws IOException, InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (get("/actuator/health/readiness").statusCode() != 200) {
            if (System.nanoTime() > end) {
                throw new IllegalStateException("service not ready within 60 s of answering HTTP; see " + log);
            }
            Thread.sleep(50);
        }
        return this;
    }

    /** What the child has logged so far. */
    String logText() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    /** The child's class loaders as {@code jcmd VM.classloaders} prints them: a tree of names and types. */
    String classLoaders() throws IOException, InterruptedException {
        Process p = new ProcessBuilder(jcmd(), Long.toString(process.pid()), "VM.classloaders").redirectErrorStream(true)
                .start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("jcmd VM.classloaders failed: " + said);
        }
        return said;
    }

    /** The jcmd beside the java that runs the tests (the child runs on the same java). */
    private static String jcmd() {
        return ProcessHandle.current().info().command().map(j -> Path.of(j).resolveSibling("jcmd").toString())
                .orElse("jcmd");
    }

    /** At most once per process: its threads (jcmd Thread.dump_to_file) and the last lines of its log. */
    private void printDiagnosis(String why) {
        if (process == null || !process.isAlive() || !diagnosed.compareAndSet(false, true)) {
            return;
        }
        StringBuilder out = new StringBuilder("==== ").append(why).append("; service pid ").append(process.pid())
                .append(", log ").append(log).append('\n');
        try {
            Path dump = log.resolveSibling(log.getFileName() + ".threads.txt");
            Files.deleteIfExists(dump);
            Process p = new ProcessBuilder(jcmd(), Long.toString(process.pid()), "Thread.dump_to_file", "-format=text",
                    dump.toString()).redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || !Files.exists(dump)) {
                out.append("thread dump failed: ").append(said).append('\n');
            } else {
                out.append("==== threads\n").append(Files.readString(dump));
            }
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            out.append("==== last lines of the log\n")
                    .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 200), lines.size())));
        } catch (IOException | RuntimeException e) {
            out.append("diagnosis failed: ").append(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.out.println(out);
    }

    /** Accepts a swap through the test-only endpoint; returns its swap id. */
    String submit(String shape, int index) throws IOException, InterruptedException {
        String sender = String.format("0x%040x", 0x1000 + index);
        return post("/internal/test/swaps", "{\"shape\":\"" + shape + "\",\"sender\":\"" + sender + "\",\"index\":"
                + index + ",\"deadlineSeconds\":86400}").get("swapId").asString();
    }

    /** The ledger entry of a swap: state and counts of sent transactions. */
    JsonNode ledger(String swapId) throws IOException, InterruptedException {
        HttpResponse<String> r = get("/internal/test/swaps/" + swapId);
        if (r.statusCode() != 200) {
            throw new IllegalStateException("swap " + swapId + " -> " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body());
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
