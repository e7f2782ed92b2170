package dev.junction.chainmarket;

import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.market.Pool;
import dev.junction.nodes.ChainSettings;
import dev.junction.protocol.PoolState;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Builds market pools from pool states through {@link ChainView}, for the reducer tests. */
final class ChainViewAccess {

    static final ChainSettings SETTINGS = new ChainSettings(ChainId.of(31337), "Test", "test", "ETH",
            List.of(URI.create("http://127.0.0.1:1")), List.of(LogReducerTest.T0, LogReducerTest.T1), null,
            List.of(LogReducerTest.T0), Map.of(), Map.of(), null, ChainSettings.CANONICAL_PERMIT2,
            ChainSettings.CANONICAL_MULTICALL3, 1, Duration.ofSeconds(1), Duration.ofSeconds(3),
            Duration.ofMillis(100), 4, Map.of());

    private ChainViewAccess() {
    }

    static Pool pool(PoolState state) {
        ChainState chain = new ChainState(1, Bytes32.of(BigInteger.ONE), Bytes32.ZERO, 0, BigInteger.ZERO,
                Map.of(state.address(), state));
        return ChainView.of(SETTINGS, List.of(new TokenInfo(LogReducerTest.T0, 18, "A", "A"),
                new TokenInfo(LogReducerTest.T1, 18, "B", "B")), chain, BigInteger.ONE).pools().getFirst();
    }
}
