package dev.junction.protocol.curve;

import static dev.junction.chain.abi.AbiDecoder.uint;
import static dev.junction.chain.abi.AbiDecoder.words;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.market.StablePool;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.ContractCall;
import dev.junction.protocol.PoolFacts;
import dev.junction.protocol.PoolRead;
import dev.junction.protocol.PoolState;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A Curve StableSwap plain pool (2 or 3 coins) as its own getters answer at one block: {@code coins(i)},
 * {@code balances(i)}, {@code A()}, {@code fee()}. Re-read whole whenever it emits an event, and at every block while
 * its A ramps ({@code future_A_time()} after the block's timestamp); rates follow from the coins' decimals (a plain
 * pool's {@code RATES}).
 *
 * @param amp {@code A()} at the block read
 * @param rampEnd {@code future_A_time()}, 0 when the pool has no ramp getters
 */
public record CurveState(String provider, Address address, List<Address> coins, List<BigInteger> balances, long amp,
        long fee, long rampEnd) implements PoolState {

    /**
     * Curve pool events (2- and 3-coin plain pools, old and new Vyper versions): any of them from a served Curve pool
     * re-reads that pool.
     */
    public static final List<Bytes32> EVENTS = List.of(
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
    private static final Set<Bytes32> EVENT_SET = Set.copyOf(EVENTS);
    private static final String A = Abi.callHex("A()");
    private static final String FEE = Abi.callHex("fee()");
    private static final String FUTURE_A_TIME = Abi.callHex("future_A_time()");
    private static final String COINS = "coins(uint256)";
    private static final String BALANCES = "balances(uint256)";
    /** Curve plain pools have 2 or 3 coins: coins(2) reverts on a 2-coin pool. */
    private static final int MAX_COINS = 3;

    public CurveState {
        coins = List.copyOf(coins);
        balances = List.copyOf(balances);
    }

    /** Not read yet. */
    public static CurveState unread(String provider, Address address) {
        return new CurveState(provider, address, List.of(), List.of(), 0, 0, 0);
    }

    @Override
    public Address token0() {
        return coins.isEmpty() ? Address.ZERO : coins.get(0);
    }

    @Override
    public Address token1() {
        return coins.size() < 2 ? Address.ZERO : coins.get(1);
    }

    @Override
    public boolean usable() {
        return coins.size() >= 2 && amp > 0 && balances.stream().allMatch(b -> b.signum() > 0);
    }

    /** The state holds nothing a log carries: the pool is re-read instead ({@link #rereadOn}). */
    @Override
    public PoolState apply(LogEntry log) {
        return this;
    }

    /** Any of its events (exchange, liquidity, A ramp, fee). */
    @Override
    public boolean rereadOn(LogEntry log) {
        return EVENT_SET.contains(log.topic0());
    }

    /** While A ramps after {@code timestamp} (seconds): A moves with time. */
    @Override
    public boolean rereadEachBlock(long timestamp) {
        return rampEnd > timestamp;
    }

    /** One round: coins, balances, A, fee and the end of an A ramp. */
    @Override
    public PoolRead read(ChainSettings chain) {
        return new PoolRead() {
            @Override
            public List<ContractCall> calls() {
                List<ContractCall> out = new ArrayList<>();
                for (int i = 0; i < MAX_COINS; i++) {
                    out.add(new ContractCall(address, Abi.callHex(COINS, Abi.uint256(i))));
                    out.add(new ContractCall(address, Abi.callHex(BALANCES, Abi.uint256(i))));
                }
                out.add(new ContractCall(address, A));
                out.add(new ContractCall(address, FEE));
                out.add(new ContractCall(address, FUTURE_A_TIME));
                return out;
            }

            @Override
            public PoolRead answer(List<String> answers) {
                int k = 0;
                List<Address> coins = new ArrayList<>();
                List<BigInteger> balances = new ArrayList<>();
                for (int i = 0; i < MAX_COINS; i++) {
                    String coin = answers.get(k++);
                    String balance = answers.get(k++);
                    if (coin != null && balance != null && words(coin) >= 1 && words(balance) >= 1
                            && coins.size() == i) {
                        coins.add(AbiDecoder.address(coin, 0));
                        balances.add(uint(balance, 0));
                    }
                }
                String a = answers.get(k++);
                String fee = answers.get(k++);
                String rampEnd = answers.get(k);
                if (coins.size() < 2 || a == null || fee == null || words(a) < 1 || words(fee) < 1) {
                    return PoolRead.done(unread(provider, address));
                }
                return PoolRead.done(new CurveState(provider, address, coins, balances, uint(a, 0).longValueExact(),
                        uint(fee, 0).longValueExact(),
                        rampEnd == null || words(rampEnd) < 1 ? 0 : uint(rampEnd, 0).longValueExact()));
            }
        };
    }

    /** Empty when a coin is not a served token (its decimals, hence its rate, unknown). */
    @Override
    public Optional<PoolFacts> facts(Map<Address, Integer> decimals) {
        if (!decimals.keySet().containsAll(coins)) {
            return Optional.empty();
        }
        List<Integer> coinDecimals = coins.stream().map(decimals::get).toList();
        double[] amounts = new double[coins.size()];
        for (int i = 0; i < amounts.length; i++) {
            amounts[i] = balances.get(i).doubleValue() / Math.pow(10, coinDecimals.get(i));
        }
        int d0 = coinDecimals.get(0);
        int d1 = coinDecimals.get(1);
        // A stable pool trades near parity in whole units: its spot price in raw units is the decimals' ratio.
        double raw1PerRaw0 = Math.pow(10, d1 - d0);
        return Optional.of(new PoolFacts(coins, amounts, PoolFacts.oneInZero(raw1PerRaw0, d0, d1),
                (id, chain, usd) -> new StablePool(id, chain, provider, coins, coinDecimals, balances, amp, fee,
                        usd)));
    }
}
