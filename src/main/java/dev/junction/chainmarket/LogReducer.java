package dev.junction.chainmarket;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.DexProtocol;
import dev.junction.protocol.PoolState;
import dev.junction.protocol.Protocols;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Applies a block range's logs to pool states: pure, no I/O. Each log of a known pool goes to its state's room
 * ({@link PoolState#apply}: e.g. V2 {@code Sync}, V3 {@code Swap}/{@code Mint}/{@code Burn}/{@code Initialize}); a
 * log of a configured DEX's factory may create an empty pool ({@link DexProtocol#created}) that the following logs
 * fill; a log of a contract that emits many pools' events (V4's PoolManager, Balancer's Vault) goes to the pool its
 * room names ({@link DexProtocol#poolKey});
 * a pool's room may mark it to be re-read (a Curve pool's event; a V3 pool near the edge of its tick window).
 * Logs of other contracts are ignored. The per-block {@code eth_getLogs} asks for every room's {@link #TOPICS}.
 */
final class LogReducer {

    /** Every topic0 of the per-block {@code eth_getLogs}: the union of the rooms' topics. */
    static final List<Bytes32> TOPICS = Protocols.dexes().stream()
            .flatMap(d -> d.topics().stream()).distinct().toList();

    /** What the reducer knows of the chain: its factories by address and the tokens it serves. */
    record Context(Map<Address, Dex> factories, Set<Address> tokens) {

        static Context of(Collection<Dex> dexes, Collection<Address> tokens) {
            Map<Address, Dex> f = new HashMap<>();
            for (Dex d : dexes) {
                if (d.factory() != null) {
                    f.put(d.factory(), d);
                }
                if (d.vault() != null) {
                    f.put(d.vault(), d); // Balancer's Vault emits its pools' Swap and PoolBalanceChanged
                }
                for (Address factory : d.factories()) {
                    f.put(factory, d);
                }
            }
            return new Context(Map.copyOf(f), Set.copyOf(tokens));
        }
    }

    /**
     * The result.
     *
     * @param pools the pools after the logs (sharing the unchanged ones with the map before)
     * @param reload pools to re-read at the range's last block: those a log marked ({@link PoolState#rereadOn}) and
     *     those whose changed state asks it ({@link PoolState#needsReload})
     */
    record Result(Map<Address, PoolState> pools, Set<Address> reload) {
    }

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
            Dex dex = context.factories().get(log.address());
            Address key = dex == null ? log.address() : Protocols.dex(dex.kind()).poolKey(log);
            PoolState pool = changed.containsKey(key) ? changed.get(key) : before.get(key);
            if (pool == null) {
                if (dex != null) {
                    Protocols.dex(dex.kind()).created(dex, log, context.tokens()).ifPresent(p -> {
                        changed.put(p.address(), p);
                        if (p.rereadOn(log)) {
                            reread.add(p.address()); // created without its state in the log (a Balancer pool)
                        }
                    });
                }
                continue;
            }
            if (pool.rereadOn(log)) {
                reread.add(pool.address());
            }
            PoolState next = pool.apply(log);
            if (next != pool) {
                changed.put(next.address(), next);
                touched.add(next.address());
            }
        }
        Set<Address> reload = new LinkedHashSet<>(reread);
        for (Address a : touched) {
            if (changed.get(a).needsReload()) {
                reload.add(a);
            }
        }
        return new Result(PoolMap.copyOf(before).with(changed), Set.copyOf(reload));
    }
}
