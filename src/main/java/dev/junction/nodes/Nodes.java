package dev.junction.nodes;

import dev.junction.chain.ChainId;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.springframework.boot.context.properties.bind.Binder;

/**
 * The one door to the chains' nodes: one {@link JsonRpcClient} per chain of {@code junction.chains.*} (its
 * {@code rpc-url}/{@code rpc-urls} in failover order, {@code junction.rpc.*}'s timeout, retries and batch size), typed
 * as {@link EthRpc}, and its new heads pushed over {@code ws-url} ({@link #newHeads}). Every reader of a chain (the chain market, the build checks, GET /status, the relayer) shares its
 * client, so a failover or a rate limit is one state per node. The application has one as a bean
 * ({@link NodesConfiguration}); the deploy command, which runs without one, builds its own with {@link #bind}.
 */
public final class Nodes {

    private final ChainsSettings chains;
    private final RpcSettings rpc;
    private final Map<ChainId, EthRpc> byChain = new LinkedHashMap<>();

    public Nodes(ChainsSettings chains, RpcSettings rpc) {
        this.chains = chains;
        this.rpc = rpc;
        for (ChainSettings c : chains.all()) {
            byChain.put(c.id(), new EthRpc(new JsonRpcClient(c.rpcUrls(), rpc)));
        }
    }

    /** The nodes of {@code junction.chains.*} with the clients of {@code junction.rpc.*}, read from {@code binder}. */
    public static Nodes bind(Binder binder, DexKinds dexKinds) {
        return new Nodes(ChainsSettings.bind(binder, dexKinds), RpcSettings.bind(binder));
    }

    /** The configured chains' settings. */
    public ChainsSettings chains() {
        return chains;
    }

    /**
     * The node of a configured chain.
     *
     * @throws IllegalArgumentException when {@code chain} is not under {@code junction.chains}
     */
    public EthRpc of(ChainId chain) {
        return find(chain).orElseThrow(() -> new IllegalArgumentException("chain " + chain.value()
                + " has no node: it is not configured under " + ChainsSettings.PREFIX));
    }

    /** The node of {@code chain}, when it is configured. */
    public Optional<EthRpc> find(ChainId chain) {
        return Optional.ofNullable(byChain.get(chain));
    }

    /**
     * Subscribes to a configured chain's new heads over its {@code ws-url} sockets ({@link NewHeads}); empty when the
     * chain has no {@code ws-url} (its heads are polled).
     */
    public Optional<NewHeads> newHeads(ChainId chain, Consumer<BlockHeader> onHead, Consumer<NewHeads.State> onState) {
        ChainSettings settings = chains.all().stream().filter(c -> c.id().equals(chain)).findFirst().orElseThrow();
        if (settings.wsUrls().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(NewHeads.subscribe(Long.toString(chain.value()), settings.wsUrls(), onHead, onState));
    }

    /**
     * A client of a node outside {@code junction.chains} with the same {@code junction.rpc.*} settings: the relayer's
     * legacy {@code junction.relayer.rpc-urls.<chainId>} for a chain without chain mode.
     */
    public EthRpc connect(URI url) {
        return new EthRpc(new JsonRpcClient(List.of(url), rpc));
    }
}
