package dev.junction.protocol.uniswapv2;

import static dev.junction.chain.abi.AbiDecoder.uint;
import static dev.junction.chain.abi.AbiDecoder.words;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.market.ConstantProductPool;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.ContractCall;
import dev.junction.protocol.PoolFacts;
import dev.junction.protocol.PoolRead;
import dev.junction.protocol.PoolState;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A Uniswap V2 pair as chain mode holds it: its reserves as of the last {@code Sync}. */
public record UniswapV2State(String provider, Address address, Address token0, Address token1, BigInteger reserve0,
        BigInteger reserve1) implements PoolState {

    /** Uniswap V2's LP fee. */
    public static final int FEE_BPS = 30;
    public static final Bytes32 SYNC = Abi.topic("Sync(uint112,uint112)");
    public static final Bytes32 PAIR_CREATED = Abi.topic("PairCreated(address,address,address,uint256)");
    private static final String GET_RESERVES = Abi.callHex("getReserves()");

    /** A pair just found or created: not read yet. */
    static UniswapV2State empty(String provider, Address address, Address token0, Address token1) {
        return new UniswapV2State(provider, address, token0, token1, BigInteger.ZERO, BigInteger.ZERO);
    }

    @Override
    public boolean usable() {
        return reserve0.signum() > 0 && reserve1.signum() > 0;
    }

    UniswapV2State synced(BigInteger r0, BigInteger r1) {
        return new UniswapV2State(provider, address, token0, token1, r0, r1);
    }

    /** {@code Sync} sets the reserves. */
    @Override
    public PoolState apply(LogEntry log) {
        return log.topic0().equals(SYNC) ? synced(uint(log.data(), 0), uint(log.data(), 1)) : this;
    }

    /** One round: {@code getReserves()}. */
    @Override
    public PoolRead read(ChainSettings chain) {
        UniswapV2State pair = this;
        return new PoolRead() {
            @Override
            public List<ContractCall> calls() {
                return List.of(new ContractCall(address, GET_RESERVES));
            }

            @Override
            public PoolRead answer(List<String> answers) {
                String r = answers.getFirst();
                return PoolRead.done(r == null || words(r) < 2 ? pair : synced(uint(r, 0), uint(r, 1)));
            }
        };
    }

    @Override
    public Optional<PoolFacts> facts(Map<Address, Integer> decimals) {
        int d0 = decimals.getOrDefault(token0, 18);
        int d1 = decimals.getOrDefault(token1, 18);
        double[] amounts = {reserve0.doubleValue() / Math.pow(10, d0), reserve1.doubleValue() / Math.pow(10, d1)};
        double raw1PerRaw0 = reserve1.doubleValue() / reserve0.doubleValue();
        return Optional.of(new PoolFacts(List.of(token0, token1), amounts, PoolFacts.oneInZero(raw1PerRaw0, d0, d1),
                (id, chain, usd) -> new ConstantProductPool(id, chain, provider, token0, token1, reserve0, reserve1,
                        FEE_BPS, usd)));
    }
}
