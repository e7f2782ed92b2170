package dev.junction.chainmarket;

import java.util.List;

/** Topics of the events chain mode follows (see ../shared/reference/real-evm.md). */
final class Events {

    static final String V2_SYNC = Abi.topic("Sync(uint112,uint112)");
    static final String V2_PAIR_CREATED = Abi.topic("PairCreated(address,address,address,uint256)");
    static final String V3_SWAP = Abi.topic("Swap(address,address,int256,int256,uint160,uint128,int24)");
    static final String V3_MINT = Abi.topic("Mint(address,address,int24,int24,uint128,uint256,uint256)");
    static final String V3_BURN = Abi.topic("Burn(address,int24,int24,uint128,uint256,uint256)");
    static final String V3_INITIALIZE = Abi.topic("Initialize(uint160,int24)");
    static final String V3_POOL_CREATED = Abi.topic("PoolCreated(address,address,uint24,int24,address)");

    /** Every topic0 of the per-block {@code eth_getLogs}. */
    static final List<String> ALL = List.of(V2_SYNC, V2_PAIR_CREATED, V3_SWAP, V3_MINT, V3_BURN, V3_INITIALIZE,
            V3_POOL_CREATED);

    private Events() {
    }
}
