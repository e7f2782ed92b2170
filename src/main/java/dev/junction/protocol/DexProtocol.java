package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.market.Pool;
import dev.junction.nodes.ChainConfigException;
import dev.junction.nodes.ChainProperties.DexProperties;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.LogEntry;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A DEX protocol family: one room (a package under {@code dev.junction.protocol}) per kind of pool, its forks as
 * constants in it. {@link Protocols} finds the room of a pool by its kind ({@link #poolKind()}), of a configured DEX by
 * its configuration kind ({@link #kind()}); the room picks the fork by the pool's provider key. What a room holds: its
 * step encoding (the fork's router call or the adapter's data), its adapter's deployment, its figures in Junction's
 * router gas table, and its chain mode: the pools its cold load looks for ({@link #lookups}, {@link #configuredPools}),
 * the event topics it follows ({@link #topics()}), the pools its factories' logs create ({@link #created}), and its
 * {@link PoolState} record (the per-log reducer, the rounds of calls reading it, and its conversion into the market's
 * math entry: {@code market.ConstantProductPool}, {@code ConcentratedPool}, {@code StablePool}, which stay in market
 * with {@code market.math}: they are math families several rooms share). Chain mode runs round k of every room's
 * calls in one JSON-RPC batch (or Multicall3) and asks for the union of the rooms' topics in its one per-block
 * {@code eth_getLogs}.
 *
 * <p>A room owns its configuration kind ({@link #kind()}, {@code junction.chains.<id>.dexes.<key>.kind}) and its
 * rules ({@link #settings}); {@code nodes} checks the key and the kind's name and keeps the generic
 * {@code ChainSettings.Dex}.
 */
public interface DexProtocol {

    /**
     * The configuration kind of the DEXes this room deploys adapters for and chain mode reads: its name under
     * {@code junction.chains.<id>.dexes.<key>.kind}, e.g. {@code uniswap-v3}.
     */
    String kind();

    /**
     * Validates a DEX of this room's kind ({@link DexSettings} holds the rules rooms share).
     *
     * @param at the DEX's property path, ending with a dot ({@code junction.chains.<id>.dexes.<key>.})
     * @throws ChainConfigException naming the property and the rule
     */
    ChainSettings.Dex settings(String at, String key, DexProperties properties);

    /** The kind of pool whose swaps this room encodes and prices (one room per kind); the first of {@link #poolKinds()}. */
    Class<? extends Pool> poolKind();

    /**
     * Every kind of pool this room encodes and prices: a protocol whose pools have several maths (Balancer V2's
     * weighted and composable stable pools) lists them all; each kind has one room.
     */
    default List<Class<? extends Pool>> poolKinds() {
        return List.of(poolKind());
    }

    /** The forks the room knows by provider key, the protocol's own first (taken for a key no fork names). */
    List<Fork> forks();

    /** The provider keys of the forks, the protocol's own first. */
    default List<String> providerKeys() {
        return Fork.keys(forks());
    }

    /** The room's name: its protocol's own key, e.g. {@code uniswap-v3}. */
    default String name() {
        return forks().getFirst().key();
    }

    /** Every step shape the room encodes (its forks'). */
    default List<StepShape> shapes() {
        return forks().stream().map(Fork::shape).distinct().toList();
    }

    /** The shape of a swap through {@code pool}: its fork's, by its provider key. */
    default StepShape shape(Pool pool) {
        return Fork.of(forks(), pool.provider()).shape();
    }

    /**
     * A swap step's {@code data}.
     *
     * @throws StepDataException when the step cannot be encoded as the request asked
     */
    byte[] stepData(SwapStep step);

    /** The topic0s of the events of this room's pools and factories that chain mode's per-block logs follow. */
    List<Bytes32> topics();

    /**
     * The pools chain mode's cold load looks for between two served tokens on one configured DEX of this room's kind
     * (none by default); every room's lookups go out in one round.
     */
    default List<PoolLookup> lookups(ChainSettings.Dex dex, TokenPair pair) {
        return List.of();
    }

    /**
     * The address chain mode keys the pool of a log by, for a log of one of this room's contracts that emit the events
     * of many pools (the DEX's factory, or a shared contract such as Balancer's Vault): the log's own address by
     * default; a singleton pool manager's room names the pool from the log (V4's PoolId, Balancer's pool id in
     * topic1).
     */
    default Address poolKey(LogEntry log) {
        return log.address();
    }

    /** The pools one configured DEX of this room's kind names itself (none by default), not read yet. */
    default List<PoolState> configuredPools(ChainSettings.Dex dex) {
        return List.of();
    }

    /**
     * The pool a log of a configured DEX's factory creates between two {@code served} tokens, not read yet (its
     * following logs fill it); empty when the log creates none (the default).
     */
    default Optional<PoolState> created(ChainSettings.Dex dex, LogEntry log, Set<Address> served) {
        return Optional.empty();
    }

    /** The adapter Junction deploys for one configured DEX of this room's kind. */
    AdapterSpec adapter(ChainSettings.Dex dex);

    /**
     * This room's swap-step gas through Junction's router, from the router gas table.
     *
     * @throws IllegalStateException when the table lacks a figure the room needs (naming it)
     */
    SwapGas swapGas(RouterGasTable table);

    /**
     * This room's swap-step gas for one of its {@link #poolKinds()} (a room whose kinds cost differently has a row
     * per kind); by default {@link #swapGas(RouterGasTable)}.
     */
    default SwapGas swapGas(RouterGasTable table, Class<? extends Pool> kind) {
        return swapGas(table);
    }

    /**
     * The swap-step gas of this room's steps that move native ETH themselves (Uniswap V4's native currency, see
     * {@code routing.NativeSteps}), measured through the router: {@code in} spends the route's native input as the
     * swap's value and replaces both the step's row and the route's wrap; {@code out} pays native to the router, sent
     * on to the receiver, and replaces the row and the route's unwrap. Empty (the default) for rooms whose pools never
     * hold native.
     *
     * @throws IllegalStateException when the table lacks a figure the room needs (naming it)
     */
    default Optional<NativeSwapGas> nativeSwapGas(RouterGasTable table) {
        return Optional.empty();
    }

    /** A room's native-moving swap steps: spending a native input (always a route's first step), paying native out. */
    record NativeSwapGas(SwapGas in, SwapGas out) {
    }

    /** Gas units of one swap step of a room. */
    @FunctionalInterface
    interface SwapGas {

        /**
         * @param ticksCrossed initialized ticks the swap crosses (concentrated liquidity; 0 otherwise)
         * @param afterSwap whether a swap precedes this step in the same transaction
         */
        long units(int ticksCrossed, boolean afterSwap);
    }
}
