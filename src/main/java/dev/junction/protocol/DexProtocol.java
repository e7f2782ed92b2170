package dev.junction.protocol;

import dev.junction.market.Pool;
import dev.junction.nodes.ChainSettings;
import java.util.List;

/**
 * A DEX protocol family: one room (a package under {@code dev.junction.protocol}) per kind of pool, its forks as
 * constants in it. {@link Protocols} finds the room of a pool by its kind ({@link #poolKind()}); the room picks the
 * fork by the pool's provider key. What a room holds today: its step encoding (the fork's router call or the
 * adapter's data), its adapter's deployment, its figures in Junction's router gas table.
 *
 * <p>What part 2 of issue 35 adds to the same rooms (not in this interface yet): the room's configuration kind and its
 * validation ({@code junction.chains.<id>.dexes.<key>.kind} and its own settings, replacing
 * {@code rpc.ChainSettings.DexKind} and {@code Dex}); chain-mode discovery and cold reads as rounds of calls, so that
 * round k of every room goes out in one JSON-RPC batch (or Multicall3) as {@code chainmarket.ChainLoader} batches them
 * today, keeping its request counts; the event topics the room follows and its pure per-log reducer (today in
 * {@code chainmarket.LogReducer}); its pool state and that state's conversion into the market's math entry
 * ({@code market.ConstantProductPool}, {@code ConcentratedPool}, {@code StablePool}, which stay in market with
 * {@code market.math}: they are math families several rooms share).
 */
public interface DexProtocol {

    /** The configuration kind of the DEXes this room deploys adapters for and chain mode reads. */
    ChainSettings.DexKind kind();

    /** The kind of pool whose swaps this room encodes and prices (one room per kind). */
    Class<? extends Pool> poolKind();

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

    /** The adapter Junction deploys for one configured DEX of this room's kind. */
    AdapterSpec adapter(ChainSettings.Dex dex);

    /**
     * This room's swap-step gas through Junction's router, from the router gas table.
     *
     * @throws IllegalStateException when the table lacks a figure the room needs (naming it)
     */
    SwapGas swapGas(RouterGasTable table);

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
