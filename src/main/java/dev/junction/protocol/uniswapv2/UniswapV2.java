package dev.junction.protocol.uniswapv2;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.addressArray;
import static dev.junction.chain.abi.Abi.bool;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.tupleArray;
import static dev.junction.chain.abi.Abi.uint256;

import dev.junction.chain.Address;
import java.util.Set;
import dev.junction.protocol.TokenPair;
import dev.junction.protocol.PoolState;
import dev.junction.protocol.PoolLookup;
import dev.junction.protocol.ContractCall;
import dev.junction.nodes.LogEntry;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.Pool;
import dev.junction.protocol.AdapterSpec;
import dev.junction.protocol.DexProtocol;
import dev.junction.protocol.Fork;
import dev.junction.protocol.RouterGasTable;
import dev.junction.protocol.StepGas;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.SwapStep;
import dev.junction.nodes.ChainProperties.DexProperties;
import dev.junction.nodes.ChainSettings;
import dev.junction.protocol.DexSettings;
import java.util.List;
import java.util.Optional;

/**
 * Uniswap V2 and its forks: constant-product pools ({@link ConstantProductPool}). The true forks (same pair, same
 * Router02 call) run through Junction's {@code UniswapV2Adapter}, which derives the pair from its factory and the
 * step's tokens, so their step data is empty; Camelot V2 and the Solidly family (Aerodrome, Velodrome V2) call their
 * routers differently and are quoted and simulated, not executed.
 */
public final class UniswapV2 implements DexProtocol {

    private static final String GET_PAIR = "getPair(address,address)";

    /** Uniswap V2 Router02 and its true forks: executed by the adapter, no step data. */
    public static final StepShape ROUTER02 = new StepShape("UNISWAP_V2",
            "swapExactTokensForTokens(uint256,uint256,address[],address,uint256)", "");
    /** Camelot V2 router: only the fee-on-transfer variant, with a referrer before the deadline. */
    public static final StepShape CAMELOT_V2 = StepShape.call("CAMELOT_V2",
            "swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256,uint256,address[],address,address,uint256)");
    /** Aerodrome / Velodrome V2 router: Route{from, to, stable, factory}[] instead of address[]. */
    public static final StepShape SOLIDLY_V2 = StepShape.call("SOLIDLY_V2",
            "swapExactTokensForTokens(uint256,uint256,(address,address,bool,address)[],address,uint256)");

    /** Router gas table row of a V2 step through the adapter. */
    static final String GAS_ROW = "uniswap-v2";
    /** Uniswap V2's fee as the part that stays: 997/1000 (the adapter's constructor; forks differ). */
    static final long FEE_NUMERATOR = 997;
    static final long FEE_DENOMINATOR = 1000;

    public static final Fork UNISWAP_V2 = new Fork("uniswap-v2", ROUTER02);
    public static final Fork SUSHISWAP = new Fork("sushiswap", ROUTER02);
    public static final Fork PANCAKESWAP = new Fork("pancakeswap", ROUTER02);
    public static final Fork QUICKSWAP = new Fork("quickswap", ROUTER02);
    /** Trader Joe V1 (JoeRouter02). */
    public static final Fork TRADER_JOE = new Fork("trader-joe", ROUTER02);
    public static final Fork CAMELOT = new Fork("camelot", CAMELOT_V2);
    public static final Fork AERODROME = new Fork("aerodrome", SOLIDLY_V2);
    public static final Fork VELODROME = new Fork("velodrome", SOLIDLY_V2);
    /** The forks Junction knows by provider key; any other key is a true fork (Uniswap V2's call). */
    static final List<Fork> FORKS = List.of(UNISWAP_V2, SUSHISWAP, PANCAKESWAP, QUICKSWAP, TRADER_JOE, CAMELOT,
            AERODROME, VELODROME);

    /** Uniswap's mainnet pair init code hash: the default of {@code init-code-hash}. */
    public static final Bytes32 INIT_CODE_HASH =
            Bytes32.of("0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f");

    @Override
    public String kind() {
        return UNISWAP_V2.key();
    }

    /** A factory (its pairs found by {@code getPair}) and a pair init code hash; no fee tiers, no pool list. */
    @Override
    public ChainSettings.Dex settings(String at, String key, DexProperties d) {
        DexSettings.noPools(at, d);
        Address factory = DexSettings.factory(at, kind(), d);
        DexSettings.noFeeTiers(at, d);
        return new ChainSettings.Dex(key, kind(), factory, List.of(), List.of(),
                DexSettings.initCodeHash(at, d, INIT_CODE_HASH));
    }

    @Override
    public List<Bytes32> topics() {
        return List.of(UniswapV2State.SYNC, UniswapV2State.PAIR_CREATED);
    }

    /** {@code getPair(token0, token1)} on the DEX's factory. */
    @Override
    public List<PoolLookup> lookups(ChainSettings.Dex dex, TokenPair pair) {
        return List.of(new PoolLookup(new ContractCall(dex.factory(),
                Abi.callHex(GET_PAIR, address(pair.token0()), address(pair.token1()))),
                pool -> UniswapV2State.empty(dex.key(), pool, pair.token0(), pair.token1())));
    }

    /** The factory's {@code PairCreated}: an empty pair. */
    @Override
    public Optional<PoolState> created(ChainSettings.Dex dex, LogEntry log, Set<Address> served) {
        if (!log.topic0().equals(UniswapV2State.PAIR_CREATED)) {
            return Optional.empty();
        }
        return TokenPair.created(log, served).map(p -> UniswapV2State.empty(dex.key(),
                AbiDecoder.address(log.data(), 0), p.token0(), p.token1()));
    }

    @Override
    public Class<? extends Pool> poolKind() {
        return ConstantProductPool.class;
    }

    @Override
    public List<Fork> forks() {
        return FORKS;
    }

    @Override
    public byte[] stepData(SwapStep s) {
        StepShape shape = shape(s.pool());
        var in = s.amountIn().value();
        var min = s.minAmountOut().value();
        if (shape == CAMELOT_V2) {
            return Abi.call(shape.signature(), uint256(in), uint256(min),
                    addressArray(List.of(s.tokenIn(), s.tokenOut())), address(s.recipient()), address(Address.ZERO),
                    uint256(s.deadline()));
        }
        if (shape == SOLIDLY_V2) {
            return Abi.call(shape.signature(), uint256(in), uint256(min),
                    tupleArray(List.of(tuple(address(s.tokenIn()), address(s.tokenOut()), bool(false),
                            address(Address.ZERO)))),
                    address(s.recipient()), uint256(s.deadline()));
        }
        return new byte[0];
    }

    /** {@code UniswapV2Adapter(factory, pairInitCodeHash, 997, 1000)}; its {@code factory()} names the DEX. */
    @Override
    public AdapterSpec adapter(ChainSettings.Dex dex) {
        return new AdapterSpec("UniswapV2Adapter", AdapterSpec.argumentsAfterRouter(address(dex.factory()),
                bytes32(dex.initCodeHash()), uint256(FEE_NUMERATOR), uint256(FEE_DENOMINATOR)),
                Optional.of(new AdapterSpec.Probe("factory()", dex.factory())), Optional.empty());
    }

    @Override
    public SwapGas swapGas(RouterGasTable table) {
        StepGas row = table.step(GAS_ROW);
        return (ticksCrossed, afterSwap) -> row.units(afterSwap);
    }
}
