package dev.junction.chainmarket;

import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import java.util.List;
import java.util.stream.Stream;

/** Topics of the events chain mode follows (see ../shared/reference/real-evm.md). */
final class Events {

    static final Bytes32 V2_SYNC = Abi.topic("Sync(uint112,uint112)");
    static final Bytes32 V2_PAIR_CREATED = Abi.topic("PairCreated(address,address,address,uint256)");
    static final Bytes32 V3_SWAP = Abi.topic("Swap(address,address,int256,int256,uint160,uint128,int24)");
    static final Bytes32 V3_MINT = Abi.topic("Mint(address,address,int24,int24,uint128,uint256,uint256)");
    static final Bytes32 V3_BURN = Abi.topic("Burn(address,int24,int24,uint128,uint256,uint256)");
    static final Bytes32 V3_INITIALIZE = Abi.topic("Initialize(uint160,int24)");
    static final Bytes32 V3_POOL_CREATED = Abi.topic("PoolCreated(address,address,uint24,int24,address)");

    /**
     * Curve pool events (2- and 3-coin plain pools, old and new Vyper versions): any of them from a served Curve
     * pool re-reads that pool.
     */
    static final List<Bytes32> CURVE = List.of(
            Abi.topic("TokenExchange(address,int128,uint256,int128,uint256)"),
            Abi.topic("TokenExchangeUnderlying(address,int128,uint256,int128,uint256)"),
            Abi.topic("AddLiquidity(address,uint256[2],uint256[2],uint256,uint256)"),
            Abi.topic("AddLiquidity(address,uint256[3],uint256[3],uint256,uint256)"),
            Abi.topic("RemoveLiquidity(address,uint256[2],uint256[2],uint256)"),
            Abi.topic("RemoveLiquidity(address,uint256[3],uint256[3],uint256)"),
            Abi.topic("RemoveLiquidityOne(address,uint256,uint256)"),
            Abi.topic("RemoveLiquidityOne(address,uint256,uint256,uint256)"),
            Abi.topic("RemoveLiquidityImbalance(address,uint256[2],uint256[2],uint256,uint256)"),
            Abi.topic("RemoveLiquidityImbalance(address,uint256[3],uint256[3],uint256,uint256)"),
            Abi.topic("RampA(uint256,uint256,uint256,uint256)"),
            Abi.topic("StopRampA(uint256,uint256)"),
            Abi.topic("NewFee(uint256,uint256)"),
            Abi.topic("NewFee(uint256,uint256,uint256)"),
            Abi.topic("ApplyNewFee(uint256)"));

    /** Every topic0 of the per-block {@code eth_getLogs}. */
    static final List<Bytes32> ALL = Stream.concat(Stream.of(V2_SYNC, V2_PAIR_CREATED, V3_SWAP,
            V3_MINT, V3_BURN, V3_INITIALIZE, V3_POOL_CREATED), CURVE.stream()).toList();

    private Events() {
    }
}
