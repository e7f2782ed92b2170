package dev.junction.protocol.balancerv2;

import static dev.junction.chain.abi.AbiDecoder.uint;
import static dev.junction.chain.abi.AbiDecoder.words;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.market.ComposableStablePool;
import dev.junction.market.WeightedPool;
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
 * A Balancer V2 pool (weighted or composable stable) as chain mode holds it: the Vault's tokens and balances
 * ({@code Vault.getPoolTokens(poolId)}) and the pool's own getters. The Vault's {@code Swap} and
 * {@code PoolBalanceChanged} (emitted by the Vault, the pool id in topic1: routed here by
 * {@link BalancerV2#poolKey}) move the balances exactly as the Vault does; any event of the pool contract itself
 * (swap fee, amplification ramp, token rate cache) and the Vault's {@code PoolBalanceManaged} re-read it, and so does
 * every block while its amplification ramps.
 *
 * @param vault the Vault the pool is registered in (a routed log from another address is ignored)
 * @param kind which math, {@link Kind#UNREAD} before the first read
 * @param poolId {@code getPoolId()}
 * @param tokens the Vault's tokens of the pool in its order (a composable stable pool's BPT included)
 * @param balances the Vault's balances, in the same order
 * @param scalingFactors {@code getScalingFactors()}, in the same order
 * @param weights {@code getNormalizedWeights()} (weighted; empty otherwise)
 * @param amplification {@code getAmplificationParameter()}'s value (composable stable; 0 otherwise)
 * @param ampUpdating whether the amplification was ramping at the block read
 * @param swapFeePercentage {@code getSwapFeePercentage()}
 * @param bptIndex {@code getBptIndex()} (composable stable; -1 otherwise)
 */
public record BalancerV2State(String provider, Address address, Address vault, Kind kind, Bytes32 poolId,
        List<Address> tokens, List<BigInteger> balances, List<BigInteger> scalingFactors, List<BigInteger> weights,
        BigInteger amplification, boolean ampUpdating, BigInteger swapFeePercentage, int bptIndex)
        implements PoolState {

    /** The pool's math. */
    public enum Kind { UNREAD, WEIGHTED, COMPOSABLE_STABLE }

    /** Vault {@code Swap}: the pool id, token in and token out indexed; amounts in the data. */
    public static final Bytes32 SWAP = Abi.topic("Swap(bytes32,address,address,uint256,uint256)");
    /** Vault {@code PoolBalanceChanged}: pool id and provider indexed; tokens, deltas, protocol fees in the data. */
    public static final Bytes32 POOL_BALANCE_CHANGED =
            Abi.topic("PoolBalanceChanged(bytes32,address,address[],int256[],uint256[])");
    /** Vault {@code PoolBalanceManaged} (an asset manager moved cash): re-read. */
    public static final Bytes32 POOL_BALANCE_MANAGED =
            Abi.topic("PoolBalanceManaged(bytes32,address,address,int256,int256)");
    /** Pool {@code SwapFeePercentageChanged}. */
    public static final Bytes32 SWAP_FEE_CHANGED = Abi.topic("SwapFeePercentageChanged(uint256)");
    /** Composable stable pool {@code AmpUpdateStarted} / {@code AmpUpdateStopped}. */
    public static final Bytes32 AMP_UPDATE_STARTED = Abi.topic("AmpUpdateStarted(uint256,uint256,uint256,uint256)");
    public static final Bytes32 AMP_UPDATE_STOPPED = Abi.topic("AmpUpdateStopped(uint256)");
    /** Composable stable pool {@code TokenRateCacheUpdated}: a token's rate, hence its scaling factor, changed. */
    public static final Bytes32 TOKEN_RATE_CACHE_UPDATED = Abi.topic("TokenRateCacheUpdated(uint256,uint256)");
    /** Pool factories' {@code PoolCreated(address indexed pool)}. */
    public static final Bytes32 POOL_CREATED = Abi.topic("PoolCreated(address)");
    /** The Vault's events about one pool (its id in topic1). */
    static final Set<Bytes32> VAULT_EVENTS = Set.of(SWAP, POOL_BALANCE_CHANGED, POOL_BALANCE_MANAGED);
    /** The pool contract's events that re-read it. */
    static final Set<Bytes32> POOL_EVENTS = Set.of(SWAP_FEE_CHANGED, AMP_UPDATE_STARTED, AMP_UPDATE_STOPPED,
            TOKEN_RATE_CACHE_UPDATED);
    /** Every topic0 the per-block {@code eth_getLogs} asks for. */
    static final List<Bytes32> EVENTS = List.of(SWAP, POOL_BALANCE_CHANGED, POOL_BALANCE_MANAGED, SWAP_FEE_CHANGED,
            AMP_UPDATE_STARTED, AMP_UPDATE_STOPPED, TOKEN_RATE_CACHE_UPDATED, POOL_CREATED);

    private static final String GET_POOL_ID = Abi.callHex("getPoolId()");
    private static final String GET_SWAP_FEE = Abi.callHex("getSwapFeePercentage()");
    private static final String GET_WEIGHTS = Abi.callHex("getNormalizedWeights()");
    private static final String GET_AMP = Abi.callHex("getAmplificationParameter()");
    private static final String GET_SCALING_FACTORS = Abi.callHex("getScalingFactors()");
    private static final String GET_BPT_INDEX = Abi.callHex("getBptIndex()");

    public BalancerV2State {
        tokens = List.copyOf(tokens);
        balances = List.copyOf(balances);
        scalingFactors = List.copyOf(scalingFactors);
        weights = List.copyOf(weights);
    }

    /** Not read yet. */
    public static BalancerV2State unread(String provider, Address address, Address vault) {
        return new BalancerV2State(provider, address, vault, Kind.UNREAD, Bytes32.ZERO, List.of(), List.of(),
                List.of(), List.of(), BigInteger.ZERO, false, BigInteger.ZERO, -1);
    }

    /** The pool a pool id names: its first 20 bytes. */
    public static Address poolAddress(Bytes32 poolId) {
        return Address.evm(poolId.value().substring(0, 42));
    }

    /** The tokens a swap can trade, in the Vault's order (a composable stable pool's BPT left out). */
    public List<Address> swapTokens() {
        return withoutBpt(tokens);
    }

    private <T> List<T> withoutBpt(List<T> values) {
        if (bptIndex < 0) {
            return values;
        }
        List<T> out = new ArrayList<>(values);
        out.remove(bptIndex);
        return List.copyOf(out);
    }

    @Override
    public Address token0() {
        List<Address> t = swapTokens();
        return t.isEmpty() ? Address.ZERO : t.get(0);
    }

    @Override
    public Address token1() {
        List<Address> t = swapTokens();
        return t.size() < 2 ? Address.ZERO : t.get(1);
    }

    @Override
    public boolean usable() {
        return kind != Kind.UNREAD && swapTokens().size() >= 2
                && withoutBpt(balances).stream().allMatch(b -> b.signum() > 0);
    }

    /**
     * The Vault's {@code Swap}: the whole {@code amountIn} (swap fee included: V2 keeps it in the pool) added to
     * {@code tokenIn}'s balance, {@code amountOut} taken from {@code tokenOut}'s; {@code PoolBalanceChanged}: each delta
     * minus its protocol fee amount. Other logs, and logs from another address than the Vault, change nothing.
     */
    @Override
    public PoolState apply(LogEntry log) {
        if (kind == Kind.UNREAD || !log.address().equals(vault) || log.topics().size() < 2
                || !log.topics().get(1).equals(poolId)) {
            return this;
        }
        if (log.topic0().equals(SWAP) && log.topics().size() == 4) {
            int in = tokens.indexOf(AbiDecoder.address(log.topics().get(2)));
            int out = tokens.indexOf(AbiDecoder.address(log.topics().get(3)));
            if (in < 0 || out < 0) {
                return this;
            }
            List<BigInteger> next = new ArrayList<>(balances);
            next.set(in, next.get(in).add(uint(log.data(), 0)));
            next.set(out, next.get(out).subtract(uint(log.data(), 1)));
            return withBalances(next);
        }
        if (log.topic0().equals(POOL_BALANCE_CHANGED)) {
            List<Address> changed = addresses(log.data(), 0);
            List<BigInteger> deltas = ints(log.data(), 1, true);
            List<BigInteger> fees = ints(log.data(), 2, false);
            if (!changed.equals(tokens) || deltas.size() != tokens.size() || fees.size() != tokens.size()) {
                return this;
            }
            List<BigInteger> next = new ArrayList<>(balances);
            for (int i = 0; i < next.size(); i++) {
                next.set(i, next.get(i).add(deltas.get(i)).subtract(fees.get(i)));
            }
            return withBalances(next);
        }
        return this;
    }

    private BalancerV2State withBalances(List<BigInteger> next) {
        return new BalancerV2State(provider, address, vault, kind, poolId, tokens, next, scalingFactors, weights,
                amplification, ampUpdating, swapFeePercentage, bptIndex);
    }

    /**
     * The pool contract's own events (fee, amplification ramp, token rate) and the Vault's {@code PoolBalanceManaged}:
     * what they change is read rather than reduced (a rate or an amplification in flight is the pool's to compute);
     * and any log of a pool not read yet (the factory's {@code PoolCreated} that created this state).
     */
    @Override
    public boolean rereadOn(LogEntry log) {
        if (kind == Kind.UNREAD) {
            return true;
        }
        if (log.address().equals(address)) {
            return POOL_EVENTS.contains(log.topic0());
        }
        return log.address().equals(vault) && log.topic0().equals(POOL_BALANCE_MANAGED);
    }


    /** While the amplification ramps: the pool interpolates it by the block's timestamp. */
    @Override
    public boolean rereadEachBlock(long timestamp) {
        return ampUpdating;
    }

    /**
     * Two rounds: the pool's getters (its id, fee, weights or amplification, scaling factors, BPT index: the ones it
     * answers say its kind), then {@code Vault.getPoolTokens(poolId)}.
     */
    @Override
    public PoolRead read(ChainSettings chain) {
        return new PoolRead() {
            @Override
            public List<ContractCall> calls() {
                return List.of(new ContractCall(address, GET_POOL_ID), new ContractCall(address, GET_SWAP_FEE),
                        new ContractCall(address, GET_WEIGHTS), new ContractCall(address, GET_AMP),
                        new ContractCall(address, GET_SCALING_FACTORS), new ContractCall(address, GET_BPT_INDEX));
            }

            @Override
            public PoolRead answer(List<String> a) {
                String id = a.get(0);
                String fee = a.get(1);
                String weights = a.get(2);
                String amp = a.get(3);
                String factors = a.get(4);
                String bpt = a.get(5);
                if (!hasWords(id, 1) || !hasWords(fee, 1) || !hasWords(factors, 2)) {
                    return PoolRead.done(null);
                }
                Bytes32 poolId = AbiDecoder.bytes32(id, 0);
                if (!poolAddress(poolId).equals(address)) {
                    return PoolRead.done(null);
                }
                if (hasWords(weights, 2)) {
                    return vaultRound(new BalancerV2State(provider, address, vault, Kind.WEIGHTED, poolId, List.of(),
                            List.of(), ints(factors, 0, false), ints(weights, 0, false), BigInteger.ZERO, false,
                            uint(fee, 0), -1));
                }
                if (hasWords(amp, 3) && hasWords(bpt, 1)) {
                    return vaultRound(new BalancerV2State(provider, address, vault, Kind.COMPOSABLE_STABLE, poolId,
                            List.of(), List.of(), ints(factors, 0, false), List.of(), uint(amp, 0),
                            uint(amp, 1).signum() != 0, uint(fee, 0), uint(bpt, 0).intValueExact()));
                }
                return PoolRead.done(null); // another kind of Balancer pool: not served
            }
        };
    }

    private static PoolRead vaultRound(BalancerV2State pool) {
        return new PoolRead() {
            @Override
            public List<ContractCall> calls() {
                return List.of(new ContractCall(pool.vault(),
                        Abi.callHex("getPoolTokens(bytes32)", Abi.bytes32(pool.poolId()))));
            }

            @Override
            public PoolRead answer(List<String> a) {
                String r = a.get(0);
                if (!hasWords(r, 5)) {
                    return PoolRead.done(null);
                }
                List<Address> tokens = addresses(r, 0);
                List<BigInteger> balances = ints(r, 1, false);
                if (tokens.size() != pool.scalingFactors().size() || balances.size() != tokens.size()
                        || (pool.kind() == Kind.WEIGHTED && pool.weights().size() != tokens.size())
                        || pool.bptIndex() >= tokens.size()) {
                    return PoolRead.done(null);
                }
                return PoolRead.done(new BalancerV2State(pool.provider(), pool.address(), pool.vault(), pool.kind(),
                        pool.poolId(), tokens, balances, pool.scalingFactors(), pool.weights(),
                        pool.amplification(), pool.ampUpdating(), pool.swapFeePercentage(), pool.bptIndex()));
            }
        };
    }

    /** Empty when a swappable token is not served (its decimals unknown) or the pool cannot be quoted. */
    @Override
    public Optional<PoolFacts> facts(Map<Address, Integer> decimals) {
        List<Address> swappable = swapTokens();
        if (!usable() || !decimals.keySet().containsAll(swappable)) {
            return Optional.empty();
        }
        List<BigInteger> b = withoutBpt(balances);
        List<BigInteger> factors = withoutBpt(scalingFactors);
        double[] amounts = new double[swappable.size()];
        for (int i = 0; i < amounts.length; i++) {
            amounts[i] = b.get(i).doubleValue() / Math.pow(10, decimals.get(swappable.get(i)));
        }
        int d0 = decimals.get(swappable.get(0));
        int d1 = decimals.get(swappable.get(1));
        // Spot price in raw units: weighted, (B1 / w1) / (B0 / w0); stable, near parity of the scaled (rated) units.
        double raw1PerRaw0 = kind == Kind.WEIGHTED
                ? (b.get(1).doubleValue() / weights.get(1).doubleValue())
                        / (b.get(0).doubleValue() / weights.get(0).doubleValue())
                : factors.get(0).doubleValue() / factors.get(1).doubleValue();
        return Optional.of(new PoolFacts(swappable, amounts, PoolFacts.oneInZero(raw1PerRaw0, d0, d1),
                (id, chain, usd) -> kind == Kind.WEIGHTED
                        ? new WeightedPool(id, chain, provider, poolId, tokens, balances, scalingFactors, weights,
                                swapFeePercentage, usd)
                        : new ComposableStablePool(id, chain, provider, poolId, swappable, b, factors, amplification,
                                swapFeePercentage, usd)));
    }

    private static boolean hasWords(String hex, int n) {
        return hex != null && words(hex) >= n;
    }

    /** The dynamic {@code address[]} whose offset is in word {@code head}. */
    static List<Address> addresses(String hex, int head) {
        int at = uint(hex, head).intValueExact() / 32;
        int n = uint(hex, at).intValueExact();
        List<Address> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(AbiDecoder.address(hex, at + 1 + i));
        }
        return out;
    }

    /** The dynamic {@code uint256[]} or {@code int256[]} whose offset is in word {@code head}. */
    static List<BigInteger> ints(String hex, int head, boolean signed) {
        int at = uint(hex, head).intValueExact() / 32;
        int n = uint(hex, at).intValueExact();
        List<BigInteger> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(signed ? AbiDecoder.int256(hex, at + 1 + i) : uint(hex, at + 1 + i));
        }
        return out;
    }
}
