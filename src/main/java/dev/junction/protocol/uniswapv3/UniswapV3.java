package dev.junction.protocol.uniswapv3;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bytes;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.uint256;

import dev.junction.chain.Address;
import java.util.ArrayList;
import java.util.Set;
import dev.junction.protocol.TokenPair;
import dev.junction.protocol.PoolState;
import dev.junction.protocol.PoolLookup;
import dev.junction.protocol.ContractCall;
import dev.junction.nodes.LogEntry;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.Pool;
import dev.junction.protocol.AdapterSpec;
import dev.junction.protocol.DexProtocol;
import dev.junction.protocol.Fork;
import dev.junction.protocol.RouterGasTable;
import dev.junction.protocol.StepGas;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.SwapStep;
import dev.junction.protocol.generic.GenericSwap;
import dev.junction.nodes.ChainConfigException;
import dev.junction.nodes.ChainProperties.DexProperties;
import dev.junction.nodes.ChainSettings;
import dev.junction.protocol.DexSettings;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Optional;

/**
 * Uniswap V3 and its forks: concentrated-liquidity pools ({@link ConcentratedPool}). Uniswap V3 itself and the forks
 * whose pools call {@code uniswapV3SwapCallback} (SushiSwap V3) run through Junction's {@code UniswapV3Adapter}, which
 * derives the pool from its factory, the step's tokens and the fee in the step data; the other forks keep their own
 * router call (PancakeSwap V3's pools call {@code pancakeV3SwapCallback}; Algebra and Slipstream differ in path and
 * parameters), and Trader Joe's Liquidity Book, whose call Junction does not encode, takes the generic swap.
 */
public final class UniswapV3 implements DexProtocol {

    private static final String GET_POOL = "getPool(address,address,uint24)";

    /** Uniswap V3 (SwapRouter02's call when not executed by an adapter); adapter data abi.encode(uint24 fee). */
    public static final StepShape ROUTER02 = new StepShape("UNISWAP_V3_ROUTER02",
            "exactInput((bytes,address,uint256,uint256))", "uint24");
    /** The original v3-periphery SwapRouter (SushiSwap V3): ExactInputParams with deadline; path token|fee(3)|token. */
    public static final StepShape SWAP_ROUTER = new StepShape("UNISWAP_V3_SWAP_ROUTER",
            "exactInput((bytes,address,uint256,uint256,uint256))", "uint24");
    /** PancakeSwap V3 SmartRouter: its pools call pancakeV3SwapCallback, which the V3 adapter does not implement. */
    public static final StepShape PANCAKE_V3 = StepShape.call("PANCAKE_V3",
            "exactInput((bytes,address,uint256,uint256))");
    /** Algebra SwapRouter (Camelot V3, QuickSwap V3): with deadline; path token|token (dynamic fee, none in path). */
    public static final StepShape ALGEBRA = StepShape.call("ALGEBRA",
            "exactInput((bytes,address,uint256,uint256,uint256))");
    /** Aerodrome / Velodrome Slipstream SwapRouter: with deadline; path token|tickSpacing(int24, 3)|token. */
    public static final StepShape SLIPSTREAM = StepShape.call("SLIPSTREAM",
            "exactInput((bytes,address,uint256,uint256,uint256))");

    /** Router gas table row of a V3 step through the adapter, before ticks crossed. */
    static final String GAS_ROW = "uniswap-v3";
    /** Router gas table figure of each initialized tick a V3 step crosses. */
    static final String GAS_TICK_CROSSED = "v3TickCrossed";

    public static final Fork UNISWAP_V3 = new Fork("uniswap-v3", ROUTER02);
    public static final Fork SUSHISWAP = new Fork("sushiswap", SWAP_ROUTER);
    public static final Fork PANCAKESWAP = new Fork("pancakeswap", PANCAKE_V3);
    public static final Fork CAMELOT = new Fork("camelot", ALGEBRA);
    public static final Fork QUICKSWAP = new Fork("quickswap", ALGEBRA);
    public static final Fork AERODROME = new Fork("aerodrome", SLIPSTREAM);
    public static final Fork VELODROME = new Fork("velodrome", SLIPSTREAM);
    /** Trader Joe's Liquidity Book (its new name: LFJ). */
    public static final Fork TRADER_JOE = new Fork("trader-joe", GenericSwap.SHAPE);
    public static final Fork TRADERJOE = new Fork("traderjoe", GenericSwap.SHAPE);
    public static final Fork LFJ = new Fork("lfj", GenericSwap.SHAPE);
    /** The forks Junction knows by provider key; any other key is Uniswap V3's. */
    static final List<Fork> FORKS = List.of(UNISWAP_V3, SUSHISWAP, PANCAKESWAP, CAMELOT, QUICKSWAP, AERODROME,
            VELODROME, TRADER_JOE, TRADERJOE, LFJ);

    /** Uniswap's mainnet pool init code hash: the default of {@code init-code-hash}. */
    public static final Bytes32 INIT_CODE_HASH =
            Bytes32.of("0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54");
    /** Uniswap V3's fee tiers in pips: the default of {@code fee-tiers}. */
    static final List<Integer> FEE_TIERS = List.of(100, 500, 3000, 10000);

    @Override
    public String kind() {
        return UNISWAP_V3.key();
    }

    /** A factory (its pools found by {@code getPool} per fee tier), fee tiers in pips and a pool init code hash. */
    @Override
    public ChainSettings.Dex settings(String at, String key, DexProperties d) {
        DexSettings.noPools(at, d);
        Address factory = DexSettings.factory(at, kind(), d);
        List<Integer> fees = d.feeTiers() == null || d.feeTiers().isEmpty() ? FEE_TIERS : d.feeTiers();
        for (int i = 0; i < fees.size(); i++) {
            Integer f = fees.get(i);
            if (f == null || f <= 0 || f >= 1_000_000) {
                throw new ChainConfigException(at + "fee-tiers[" + i + "] must be a fee in pips from 1 to 999999"
                        + " (e.g. " + FEE_TIERS + "), was " + f);
            }
        }
        return new ChainSettings.Dex(key, kind(), factory, fees, List.of(),
                DexSettings.initCodeHash(at, d, INIT_CODE_HASH));
    }

    @Override
    public List<Bytes32> topics() {
        return List.of(UniswapV3State.SWAP, UniswapV3State.MINT, UniswapV3State.BURN, UniswapV3State.INITIALIZE,
                UniswapV3State.POOL_CREATED);
    }

    /** {@code getPool(token0, token1, fee)} on the DEX's factory, per configured fee tier. */
    @Override
    public List<PoolLookup> lookups(ChainSettings.Dex dex, TokenPair pair) {
        List<PoolLookup> out = new ArrayList<>();
        for (int fee : dex.feeTiers()) {
            out.add(new PoolLookup(new ContractCall(dex.factory(),
                    Abi.callHex(GET_POOL, address(pair.token0()), address(pair.token1()), uint256(fee))),
                    pool -> UniswapV3State.found(dex.key(), pool, pair.token0(), pair.token1(), fee)));
        }
        return out;
    }

    /** The factory's {@code PoolCreated}: a pool not initialized, every tick known (none). */
    @Override
    public Optional<PoolState> created(ChainSettings.Dex dex, LogEntry log, Set<Address> served) {
        if (!log.topic0().equals(UniswapV3State.POOL_CREATED) || log.topics().size() < 4) {
            return Optional.empty();
        }
        return TokenPair.created(log, served).map(p -> UniswapV3State.created(dex.key(),
                AbiDecoder.address(log.data(), 1), p.token0(), p.token1(),
                AbiDecoder.uint(log.topics().get(3)).intValueExact(), AbiDecoder.int256(log.data(), 0).intValueExact()));
    }

    @Override
    public Class<? extends Pool> poolKind() {
        return ConcentratedPool.class;
    }

    @Override
    public List<Fork> forks() {
        return FORKS;
    }

    @Override
    public byte[] stepData(SwapStep s) {
        StepShape shape = shape(s.pool());
        ConcentratedPool pool = (ConcentratedPool) s.pool();
        var in = s.amountIn().value();
        var min = s.minAmountOut().value();
        if (shape == ROUTER02 || shape == SWAP_ROUTER) {
            return Abi.encode(uint256(pool.feePips()));
        }
        if (shape == PANCAKE_V3) {
            return Abi.call(shape.signature(), tuple(bytes(packedPath(s.tokenIn(), pool.feePips(), s.tokenOut())),
                    address(s.recipient()), uint256(in), uint256(min)));
        }
        if (shape == ALGEBRA || shape == SLIPSTREAM) {
            Integer middle = shape == SLIPSTREAM ? pool.tickSpacing() : null;
            return Abi.call(shape.signature(), tuple(bytes(packedPath(s.tokenIn(), middle, s.tokenOut())),
                    address(s.recipient()), uint256(s.deadline()), uint256(in), uint256(min)));
        }
        return GenericSwap.stepData(s);
    }

    /** {@code UniswapV3Adapter(factory, poolInitCodeHash)}; its {@code factory()} names the DEX. */
    @Override
    public AdapterSpec adapter(ChainSettings.Dex dex) {
        return new AdapterSpec("UniswapV3Adapter", AdapterSpec.argumentsAfterRouter(address(dex.factory()),
                bytes32(dex.initCodeHash())),
                Optional.of(new AdapterSpec.Probe("factory()", dex.factory())), Optional.empty());
    }

    /** The step row, plus {@code v3TickCrossed} per initialized tick crossed. */
    @Override
    public SwapGas swapGas(RouterGasTable table) {
        StepGas row = table.step(GAS_ROW);
        long tick = table.figure(GAS_TICK_CROSSED);
        return (ticksCrossed, afterSwap) -> row.units(afterSwap) + tick * ticksCrossed;
    }

    /**
     * {@code abi.encodePacked(tokenIn, uint24/int24 middle, tokenOut)}; without the middle when it is null.
     * A negative middle is written in 24-bit two's complement (int24).
     */
    static byte[] packedPath(Address tokenIn, Integer middle, Address tokenOut) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(tokenIn.bytes());
        if (middle != null) {
            if (middle < -(1 << 23) || middle >= (1 << 24)) {
                throw new IllegalArgumentException("a path fee or tick spacing must fit in 3 bytes");
            }
            out.write((middle >> 16) & 0xff);
            out.write((middle >> 8) & 0xff);
            out.write(middle & 0xff);
        }
        out.writeBytes(tokenOut.bytes());
        return out.toByteArray();
    }
}
