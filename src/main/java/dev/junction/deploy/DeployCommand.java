package dev.junction.deploy;

import dev.junction.chain.Address;
import dev.junction.nodes.ChainConfigException;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainsSettings;
import dev.junction.nodes.Nodes;
import dev.junction.nodes.RpcException;
import dev.junction.protocol.Protocols;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.regex.Pattern;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.web3j.crypto.Credentials;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code java -jar junction.jar deploy --spring.config.additional-location=FILE}: deploys the router and adapters
 * ({@link Deployer}) on every chain {@code junction.chains.*} configures, in parallel, with the key in
 * {@value #KEY_ENV} (or {@code junction.deployer.private-key}), and prints ONE JSON object on stdout:
 * {@code {"<chainId>": {"router": "0x…", "adapters": {"<providerKey>": "0x…"}, "receivers": {"<bridgeKey>":
 * "0x…"}}}} ({@code receivers}: Junction's leg receivers of the chain's bridges that have one, CCTP's
 * {@code JunctionCctpReceiver}, absent when none; set each as {@code junction.chains.<id>.bridges.<key>.receiver}).
 * After every chain is deployed, each receiver registers the other chains' adapters of its bridge
 * ({@link Deployer#registerRemoteAdapters}). Logs go to stderr. No web server,
 * no database: only the configuration is read ({@code junction.chains.*} and {@code junction.rpc.*} through
 * {@link Nodes#bind}). Exit 0 when every chain is deployed; 2 for a usage or configuration
 * error (no key, no chains); 1 when a chain failed (unreachable node, no CREATE2 deployer, a reverted transaction),
 * with one line per failed chain on stderr. Junction's gasless relayer ({@code junction.relayer.private-key} /
 * {@code JUNCTION_RELAYER_PRIVATE_KEY}) is registered on each router when configured. With
 * {@value #TIMELOCK_DELAY_PROPERTY} the router's and the receivers' owner ends as a {@code TimelockController} (the
 * chain's JSON then has {@code "timelock": "0x…"}).
 */
public final class DeployCommand {

    /** The environment variable holding the deployer's private key. */
    public static final String KEY_ENV = "JUNCTION_DEPLOYER_PRIVATE_KEY";
    /** The same key as a property. */
    public static final String KEY_PROPERTY = "junction.deployer.private-key";
    /** Junction's gasless relayer key (registered with setRelayer when set). */
    public static final String RELAYER_KEY_PROPERTY = "junction.relayer.private-key";
    /**
     * When set (e.g. {@code 2d}, {@code 48h}), the router's ownership ends with a {@code TimelockController} of this
     * minimum delay, the deployer its proposer and executor ({@link JunctionContracts#timelock}).
     */
    public static final String TIMELOCK_DELAY_PROPERTY = "junction.deployer.timelock-delay";

    private static final Pattern KEY = Pattern.compile("(0x)?[0-9a-fA-F]{64}");

    private DeployCommand() {
    }

    /** An empty context: the command needs only Spring Boot's configuration loading. */
    @Configuration(proxyBeanMethods = false)
    static class Settings {
    }

    /** Usage or configuration errors (exit 2). */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }

    /**
     * Runs the command; stdout carries only the JSON (everything else System.out receives meanwhile goes to stderr).
     *
     * @param args Spring Boot arguments ({@code --spring.config.additional-location=...}), without {@code deploy}
     * @return the process exit code
     */
    public static int run(String[] args) {
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        System.setOut(stderr);
        try {
            String json = deploy(args);
            stdout.println(json);
            stdout.flush();
            return 0;
        } catch (UsageException | ChainConfigException e) {
            stderr.println("junction deploy: " + e.getMessage());
            return 2;
        } catch (DeployException e) {
            stderr.println("junction deploy: " + e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            stderr.println("junction deploy: " + e);
            return 1;
        } finally {
            System.setOut(stdout);
        }
    }

    /**
     * Deploys on every configured chain and answers the JSON object the command prints, in this JVM (tests: the key
     * as {@code --junction.deployer.private-key=...}).
     *
     * @throws DeployException when a chain failed
     */
    public static String deploy(String[] args) {
        Nodes nodes;
        String key;
        Optional<Address> relayer;
        Optional<Duration> timelockDelay;
        try (ConfigurableApplicationContext ctx = new SpringApplicationBuilder(Settings.class)
                .web(WebApplicationType.NONE).bannerMode(Banner.Mode.OFF).logStartupInfo(false).run(args)) {
            Environment env = ctx.getEnvironment();
            key = env.getProperty(KEY_PROPERTY, System.getenv().getOrDefault(KEY_ENV, ""));
            if (key.isBlank()) {
                throw new UsageException(KEY_ENV + " is not set: the deployer's private key (0x + 64 hex), which "
                        + "pays for and owns the router");
            }
            if (!KEY.matcher(key.strip()).matches()) {
                throw new UsageException(KEY_ENV + " must be a private key: 0x followed by 64 hex digits");
            }
            nodes = Nodes.bind(Binder.get(env), Protocols.dexKinds());
            if (nodes.chains().isEmpty()) {
                throw new UsageException("no chains configured: pass --spring.config.additional-location=FILE with "
                        + ChainsSettings.PREFIX + ".<chainId>.* (see README: Deploying the router)");
            }
            String relayerKey = env.getProperty(RELAYER_KEY_PROPERTY, "");
            if (!relayerKey.isBlank() && !KEY.matcher(relayerKey.strip()).matches()) {
                throw new UsageException(RELAYER_KEY_PROPERTY + " (JUNCTION_RELAYER_PRIVATE_KEY) must be 0x followed "
                        + "by 64 hex digits");
            }
            relayer = relayerKey.isBlank() ? Optional.empty()
                    : Optional.of(Address.evm(Credentials.create(relayerKey.strip()).getAddress()));
            timelockDelay = timelockDelay(env);
        }
        String deployerKey = key.strip();
        List<ChainSettings> chains = nodes.chains().all();
        // 1. every chain's contracts; 2. then each leg receiver learns the other chains' adapters; 3. the hand-over
        List<Deployer> deployers = chains.stream().map(c -> new Deployer(c, nodes.of(c.id()).client(), deployerKey))
                .toList();
        List<Deployer.Result> results = onEveryChain(chains, i -> deployers.get(i).deploy(relayer));
        List<Deployer.Deployed> deployed = new ArrayList<>();
        for (int i = 0; i < chains.size(); i++) {
            deployed.add(new Deployer.Deployed(chains.get(i), results.get(i)));
        }
        List<Deployer.Result> registered = onEveryChain(chains,
                i -> deployers.get(i).registerRemoteAdapters(results.get(i), deployed));
        List<Deployer.Result> done = timelockDelay.isEmpty() ? registered
                : onEveryChain(chains, i -> deployers.get(i).handOver(registered.get(i), timelockDelay.get()));
        JsonMapper json = JsonMapper.builder().build();
        ObjectNode out = json.createObjectNode();
        for (int i = 0; i < chains.size(); i++) {
            Deployer.Result r = done.get(i);
            ObjectNode chain = out.putObject(Long.toString(chains.get(i).id().value()));
            chain.put("router", r.router().value());
            ObjectNode adapters = chain.putObject("adapters");
            for (Map.Entry<String, Address> a : r.adapters().entrySet()) {
                adapters.put(a.getKey(), a.getValue().value());
            }
            if (!r.receivers().isEmpty()) {
                ObjectNode receivers = chain.putObject("receivers");
                r.receivers().forEach((k, v) -> receivers.put(k, v.value()));
            }
            r.timelock().ifPresent(t -> chain.put("timelock", t.value()));
        }
        return json.writeValueAsString(out);
    }

    /** {@value #TIMELOCK_DELAY_PROPERTY}: absent or blank for none; otherwise at least one second. */
    private static Optional<Duration> timelockDelay(Environment env) {
        String text = env.getProperty(TIMELOCK_DELAY_PROPERTY, "");
        if (text.isBlank()) {
            return Optional.empty();
        }
        Duration delay;
        try {
            delay = Binder.get(env).bind(TIMELOCK_DELAY_PROPERTY, Duration.class).get();
        } catch (RuntimeException e) {
            throw new UsageException(TIMELOCK_DELAY_PROPERTY + " must be a duration such as 2d, 48h or 172800s, not "
                    + text.strip());
        }
        if (delay.toSeconds() < 1) {
            throw new UsageException(TIMELOCK_DELAY_PROPERTY + " must be at least 1s (the timelock's minimum delay), "
                    + "not " + text.strip());
        }
        return Optional.of(delay);
    }

    /** One step on every chain in parallel; its results in the chains' order, or every chain's failure thrown. */
    private static List<Deployer.Result> onEveryChain(List<ChainSettings> chains, IntFunction<Deployer.Result> step) {
        List<Future<Deployer.Result>> futures = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < chains.size(); i++) {
                ChainSettings c = chains.get(i);
                int at = i;
                futures.add(pool.submit(() -> {
                    try {
                        return step.apply(at);
                    } catch (RpcException e) {
                        throw new DeployException("chain " + c.id().value() + ": JSON-RPC failed: " + e.getMessage(),
                                e);
                    }
                }));
            }
        }
        List<Deployer.Result> results = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (Future<Deployer.Result> f : futures) {
            try {
                results.add(f.get());
            } catch (ExecutionException e) {
                failures.add(e.getCause() instanceof DeployException d ? d.getMessage() : e.getCause().toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DeployException("interrupted", e);
            }
        }
        if (!failures.isEmpty()) {
            throw new DeployException(String.join("\njunction deploy: ", failures));
        }
        return results;
    }
}
