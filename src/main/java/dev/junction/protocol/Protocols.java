package dev.junction.protocol;

import dev.junction.market.Pool;
import dev.junction.protocol.across.Across;
import dev.junction.protocol.balancerv2.BalancerV2;
import dev.junction.protocol.cctp.Cctp;
import dev.junction.protocol.celer.Celer;
import dev.junction.protocol.curve.Curve;
import dev.junction.protocol.generic.GenericBridge;
import dev.junction.protocol.hop.Hop;
import dev.junction.protocol.stargate.Stargate;
import dev.junction.protocol.uniswapv2.UniswapV2;
import dev.junction.protocol.uniswapv3.UniswapV3;
import dev.junction.protocol.uniswapv4.UniswapV4;
import dev.junction.protocol.wormhole.Wormhole;
import dev.junction.nodes.ChainProperties.DexProperties;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.DexKinds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The registry: every room, listed once. The rest of Junction finds a protocol here, never by matching a provider
 * key itself: a pool's DEX room by the pool's kind, a bridge's room by asking each room whether it serves the key
 * (a key no room serves gets Junction's generic bridge call), a configured DEX's room by its kind.
 */
public final class Protocols {

    private static final List<DexProtocol> DEXES = List.of(new UniswapV2(), new UniswapV3(), new UniswapV4(),
            new Curve(), new BalancerV2());
    private static final List<BridgeProtocol> BRIDGES = List.of(new Across(), new Cctp(), new Stargate(), new Hop(),
            new Celer(), new Wormhole());
    private static final BridgeProtocol GENERIC_BRIDGE = new GenericBridge();
    private static final Map<Class<? extends Pool>, DexProtocol> BY_POOL_KIND = byPoolKind();
    private static final DexKinds DEX_KINDS = new DexKinds() {

        @Override
        public List<String> names() {
            return DEXES.stream().map(DexProtocol::kind).toList();
        }

        @Override
        public ChainSettings.Dex validate(String at, String key, String kind, DexProperties properties) {
            return dex(kind).settings(at, key, properties);
        }
    };

    private Protocols() {
    }

    /** The DEX rooms. */
    public static List<DexProtocol> dexes() {
        return DEXES;
    }

    /** The bridge rooms that serve keys (the generic bridge, which serves the rest, is {@link #genericBridge()}). */
    public static List<BridgeProtocol> bridges() {
        return BRIDGES;
    }

    /** Junction's generic bridge call: the room of every key no other room serves. */
    public static BridgeProtocol genericBridge() {
        return GENERIC_BRIDGE;
    }

    /** The room of a pool, by its kind. */
    public static DexProtocol dex(Pool pool) {
        DexProtocol room = BY_POOL_KIND.get(pool.getClass());
        if (room == null) {
            throw new IllegalStateException("no DEX room serves pools of kind " + pool.getClass().getSimpleName());
        }
        return room;
    }

    /** The room of a configured DEX, by its kind's configuration name. */
    public static DexProtocol dex(String kind) {
        return DEXES.stream().filter(d -> d.kind().equals(kind)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no DEX room reads kind " + kind));
    }

    /** The rooms' configuration kinds, in the rooms' order, each validated by its room. */
    public static DexKinds dexKinds() {
        return DEX_KINDS;
    }

    /** The room of a bridge provider key: the room that serves it, else {@link #genericBridge()}. */
    public static BridgeProtocol bridge(String providerKey) {
        for (BridgeProtocol b : BRIDGES) {
            if (b.serves(providerKey)) {
                return b;
            }
        }
        return GENERIC_BRIDGE;
    }

    /**
     * The destination chain a bridge step's data names, read by the first room that can (the route's adapter is not
     * known yet when a pending transaction's input is read); empty when none can.
     */
    public static OptionalLong destinationChain(byte[] bridgeStepData) {
        for (BridgeProtocol b : BRIDGES) {
            if (b.tracking().isPresent()) {
                OptionalLong chain = b.tracking().get().destinationChain(bridgeStepData);
                if (chain.isPresent()) {
                    return chain;
                }
            }
        }
        return OptionalLong.empty();
    }

    private static Map<Class<? extends Pool>, DexProtocol> byPoolKind() {
        Map<Class<? extends Pool>, DexProtocol> out = new HashMap<>();
        for (DexProtocol d : DEXES) {
            for (Class<? extends Pool> kind : d.poolKinds()) {
                if (out.put(kind, d) != null) {
                    throw new IllegalStateException("two DEX rooms serve pools of kind " + kind.getSimpleName());
                }
            }
        }
        return Map.copyOf(out);
    }
}
