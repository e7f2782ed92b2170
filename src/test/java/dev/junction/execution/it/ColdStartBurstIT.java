package dev.junction.execution.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged service, started as README starts it, answers a burst of concurrent first requests. Started from the fat
 * jar, Spring Boot's nested-jar class loader froze the service for good in 4 of 40 such starts on a 2-core machine: a
 * virtual thread unmounted while it held a nested jar's monitor, and the class-loading threads waiting for that
 * monitor pinned every carrier (spring-boot#51463; docs/DECISIONS.md, "Run the extracted jar"). Each round starts a
 * fresh service; the first also checks that its classes come from the JDK's application class loader, not Boot's.
 * Started from the fat jar anyway, the service warns ({@code LaunchLayoutCheck}).
 */
class ColdStartBurstIT {

    private static final String SENDER = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    private static final String ETH = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
    private static final String USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    private static final String ARB_USDC = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
    private static final List<String> GETS = List.of(
            "/quote?fromChain=1&toChain=42161&fromToken=" + ETH + "&toToken=" + ARB_USDC
                    + "&amount=1000000000000000000&sender=" + SENDER + "&slippage=0.5",
            "/build-best-path?fromChain=1&toChain=42161&fromToken=" + ETH + "&toToken=" + ARB_USDC
                    + "&amount=1000000000000000000&sender=" + SENDER + "&includeRoute=true",
            "/gasless/quote?fromChain=1&toChain=1&fromToken=" + USDC + "&toToken=" + ETH + "&amount=1000000000&sender="
                    + SENDER + "&acquisitionMode=2",
            "/status?txHash=0x1cb5db27293a3477891dd435bbb122ea62b3f4aa316a1bee40ba5ca92a437741&fromChainId=1",
            "/tokens?chain=56&symbol=usdt", "/chains", "/providers", "/connections?fromChain=1",
            "/actuator/prometheus", "/actuator/health", "/v3/api-docs",
            "/quote?fromChain=1&toChain=42161&fromToken=" + ETH + "&toToken=" + ARB_USDC + "&amount=1&sender=" + SENDER
                    + "&feeBps=10001");
    private static final String BUILD_PATH = "{\"Amount\":\"1000000000\",\"Sender\":\"" + SENDER
            + "\",\"fromChain\":1,\"fromToken\":\"" + USDC + "\",\"toChain\":42161,\"toToken\":\"" + ARB_USDC + "\"}";
    private static final List<String> SHAPES = List.of("sameChainSwap", "bridge", "crossChainSwap");
    private static final String WARNING = "Junction was started from the fat jar";
    private static final int ROUNDS = 3;
    private static final int REQUESTS = 64;

    @Test
    void everyRequestOfABurstOnAFreshServiceIsAnswered(@TempDir Path dir) throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            List<String> args = List.of("--junction.data-dir=" + dir.resolve("data" + round),
                    "--junction.execution.test-endpoint=true", "--spring.main.banner-mode=off",
                    "--junction.rate-limit.enabled=false");
            ServiceProcess service = new ServiceProcess(dir.resolve("service" + round + ".log"), args);
            try {
                service.start().awaitReady();
                if (round == 0) {
                    assertThat(service.classLoaders()).as("the service's class loaders")
                            .contains("jdk.internal.loader.ClassLoaders$AppClassLoader")
                            .doesNotContain("org.springframework.boot.loader");
                }
                List<Integer> statuses = burst(service);
                assertThat(service.logText()).doesNotContain(WARNING);
                assertThat(statuses).as("round %d", round).hasSize(REQUESTS)
                        .allSatisfy(s -> assertThat(s).isBetween(200, 499));
            } finally {
                if (service.alive()) {
                    service.kill();
                }
            }
        }
    }

    /** 64 requests at once over the endpoints (GETs, a build-path, test swaps); each must answer within its timeout. */
    private static List<Integer> burst(ServiceProcess service) throws Exception {
        List<Callable<Integer>> requests = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            int n = i;
            int kind = i % (GETS.size() + 2);
            if (kind < GETS.size()) {
                requests.add(() -> service.get(GETS.get(kind)).statusCode());
            } else if (kind == GETS.size()) {
                requests.add(() -> service.postForResponse("/build-path", BUILD_PATH).statusCode());
            } else {
                String shape = SHAPES.get(n % SHAPES.size());
                requests.add(() -> {
                    service.submit(shape, n); // throws unless 200
                    return 200;
                });
            }
        }
        List<Integer> statuses = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(REQUESTS)) {
            for (Future<Integer> f : pool.invokeAll(requests)) {
                statuses.add(f.get());
            }
        }
        return statuses;
    }

    /** Started from the fat jar anyway, the service says in its log why it should not be and what to run. */
    @Test
    void theFatJarWarnsThatItIsNotTheLayoutToServeFrom(@TempDir Path dir) throws Exception {
        ServiceProcess fat = new ServiceProcess(dir.resolve("fat.log"), List.of("--junction.data-dir=" + dir.resolve(
                "data"), "--spring.main.banner-mode=off")).jar(Path.of("target", "junction.jar"));
        try {
            fat.start().awaitReady();
            assertThat(fat.logText()).contains(WARNING, "java -jar target/junction/junction.jar");
        } finally {
            if (fat.alive()) {
                fat.kill();
            }
        }
    }
}
