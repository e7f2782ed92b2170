package dev.junction.chainmarket;

import static dev.junction.chain.abi.AbiDecoder.int256;
import static dev.junction.chain.abi.AbiDecoder.uint;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.nodes.ChainSettings.DexKind;
import dev.junction.nodes.LogEntry;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Applies a block range's logs to pool states: pure, no I/O. V2 {@code Sync} sets reserves; V3 {@code Swap} sets
 * sqrtPrice, tick and liquidity, {@code Mint}/{@code Burn} change the ticks' gross and net liquidity (and the active
 * liquidity when the range holds the current tick), {@code Initialize} sets the first price; a factory's
 * {@code PairCreated}/{@code PoolCreated} between two served tokens adds an empty pool that the following logs fill.
 * A served Curve pool's event (exchange, liquidity, A ramp, fee) marks it to be re-read.
 * Logs of other contracts are ignored.
 */
final class LogReducer {

    /** What the reducer knows of the chain: its factories by address and the tokens it serves. */
    record Context(Map<Address, Dex> factories, Set<Address> tokens) {

        static Context of(Collection<Dex> dexes, Collection<Address> tokens) {
            Map<Address, Dex> f = new HashMap<>();
            for (Dex d : dexes) {
                if (d.factory() != null) {
                    f.put(d.factory(), d);
                }
            }
            return new Context(Map.copyOf(f), Set.copyOf(tokens));
        }
    }

    /**
     * The result.
     *
     * @param pools the pools after the logs (sharing the unchanged ones with the map before)
     * @param reload pools to re-read at the range's last block: V3 pools whose current tick came near the edge of
     *     their loaded tick window, Curve pools that emitted an event
     */
    record Result(Map<Address, PoolState> pools, Set<Address> reload) {
    }

    private static final Set<Bytes32> CURVE_TOPICS = Set.copyOf(Events.CURVE);

    private LogReducer() {
    }

    static Result apply(Map<Address, PoolState> before, List<LogEntry> logs, Context context) {
        // The pools the logs changed or created; the others stay as they were, shared with the map before.
        Map<Address, PoolState> changed = new HashMap<>();
        Set<Address> touched = new LinkedHashSet<>();
        Set<Address> reread = new LinkedHashSet<>();
        List<LogEntry> ordered = logs.stream().filter(l -> !l.removed())
                .sorted(Comparator.comparingLong(LogEntry::blockNumber).thenComparingInt(LogEntry::logIndex)).toList();
        for (LogEntry log : ordered) {
            PoolState pool = changed.containsKey(log.address()) ? changed.get(log.address())
                    : before.get(log.address());
            Bytes32 t0 = log.topic0();
            if (pool instanceof PoolState.Curve) {
                if (CURVE_TOPICS.contains(t0)) {
                    reread.add(pool.address());
                }
                continue;
            }
            if (pool == null) {
                Dex dex = context.factories().get(log.address());
                if (dex != null) {
                    created(dex, log, context).ifPresent(p -> changed.put(p.address(), p));
                }
                continue;
            }
            PoolState next = switch (pool) {
                case PoolState.V2 v2 when t0.equals(Events.V2_SYNC) ->
                        v2.synced(uint(log.data(), 0), uint(log.data(), 1));
                case PoolState.V3 v3 when t0.equals(Events.V3_SWAP) -> v3.withSlot(uint(log.data(), 2),
                        int256(log.data(), 4).intValueExact(), uint(log.data(), 3));
                case PoolState.V3 v3 when t0.equals(Events.V3_INITIALIZE) ->
                        v3.withSlot(uint(log.data(), 0), int256(log.data(), 1).intValueExact(), v3.liquidity());
                case PoolState.V3 v3 when t0.equals(Events.V3_MINT) -> v3.withPosition(tickTopic(log, 2),
                        tickTopic(log, 3), uint(log.data(), 1));
                case PoolState.V3 v3 when t0.equals(Events.V3_BURN) -> v3.withPosition(tickTopic(log, 2),
                        tickTopic(log, 3), uint(log.data(), 0).negate());
                default -> pool;
            };
            if (next != pool) {
                changed.put(next.address(), next);
                touched.add(next.address());
            }
        }
        Set<Address> reload = new LinkedHashSet<>(reread);
        for (Address a : touched) {
            if (changed.get(a) instanceof PoolState.V3 v3 && v3.nearWindowEdge()) {
                reload.add(a);
            }
        }
        return new Result(PoolMap.copyOf(before).with(changed), Set.copyOf(reload));
    }

    private static Optional<PoolState> created(Dex dex, LogEntry log, Context context) {
        if (log.topics().size() < 3) {
            return Optional.empty();
        }
        Address token0 = AbiDecoder.address(log.topics().get(1));
        Address token1 = AbiDecoder.address(log.topics().get(2));
        if (!context.tokens().contains(token0) || !context.tokens().contains(token1)) {
            return Optional.empty();
        }
        if (dex.kind() == DexKind.UNISWAP_V2 && log.topic0().equals(Events.V2_PAIR_CREATED)) {
            return Optional.of(new PoolState.V2(dex.key(), AbiDecoder.address(log.data(), 0), token0, token1,
                    BigInteger.ZERO, BigInteger.ZERO));
        }
        if (dex.kind() == DexKind.UNISWAP_V3 && log.topic0().equals(Events.V3_POOL_CREATED)
                && log.topics().size() >= 4) {
            int fee = uint(log.topics().get(3)).intValueExact();
            int spacing = int256(log.data(), 0).intValueExact();
            return Optional.of(PoolState.V3.created(dex.key(), AbiDecoder.address(log.data(), 1), token0, token1,
                    fee, spacing));
        }
        return Optional.empty();
    }

    private static int tickTopic(LogEntry log, int index) {
        return int256(log.topics().get(index)).intValueExact();
    }
}
