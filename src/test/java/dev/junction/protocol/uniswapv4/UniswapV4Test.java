package dev.junction.protocol.uniswapv4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.Bytes32;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.SwapQuote;
import dev.junction.market.UniswapV4Pool;
import dev.junction.protocol.AdapterSpec;
import dev.junction.protocol.Protocols;
import dev.junction.protocol.RoomSamples;
import dev.junction.protocol.SwapStep;
import java.math.BigInteger;
import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.snapshot.SnapshotMarketSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import org.web3j.abi.FunctionReturnDecoder;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Int24;
import org.web3j.abi.datatypes.generated.Uint24;
import org.web3j.utils.Numeric;

/** The Uniswap V4 room: keys, pool ids, the hooks rule, the fee V4 adds to V3's math, step data and adapter. */
class UniswapV4Test {

    private static final Address USDC = Address.evm("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    private static final Address USDT = Address.evm("0xdAC17F958D2ee523a2206206994597C13D831ec7");
    private static final Address WETH = Address.evm("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");

    @Test
    void thePoolIdIsKeccakOfTheAbiEncodedKeyAsOnMainnet() {
        // Mainnet's native ETH/USDC 0.05% pool (tick spacing 10, no hooks): its id as app.uniswap.org and the
        // PoolManager's Initialize log name it.
        assertThat(UniswapV4.poolId(RoomSamples.v4("uniswap-v4"))).isEqualTo(
                Bytes32.of("0x21c67e77068de97969ba93d4aab21826d33ca12bb9f565d8496e8fda8a82ca27"));
    }

    @Test
    void eachSnapshotV4PoolIsItsRecordedMainnetPoolId() throws Exception {
        MarketSnapshot snapshot = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();
        JsonNode pools = JsonMapper.builder().build().readTree(
                UniswapV4Test.class.getResourceAsStream("/market/pools.json")).path("pools");
        int checked = 0;
        for (JsonNode p : pools) {
            if (p.path("kind").asString().equals("uniswapV4")) {
                UniswapV4Pool pool = (UniswapV4Pool) snapshot.pools().stream()
                        .filter(q -> q.id().equals(p.path("id").asString())).findFirst().orElseThrow();
                assertThat(UniswapV4.poolId(pool).value()).as(pool.id()).isEqualTo(p.path("poolId").asString());
                assertThat(pool.tokens()).as("native ETH is WETH on the route").contains(WETH);
                checked++;
            }
        }
        assertThat(checked).isPositive();
    }

    @Test
    void poolsWithoutHooksAreRoutedAndHookedPoolsOnlyWhenAllowlistedWithoutSwapChangingPermissions() {
        Address afterSwapOnly = Address.evm("0x1111111111111111111111111111111111110040");
        Address beforeSwap = Address.evm("0x1111111111111111111111111111111111110080");
        Address afterSwapReturnsDelta = Address.evm("0x1111111111111111111111111111111111110044");
        Address liquidityOnly = Address.evm("0x1111111111111111111111111111111111112f00");
        List<Address> all = List.of(afterSwapOnly, beforeSwap, afterSwapReturnsDelta, liquidityOnly);
        assertThat(UniswapV4Hooks.refusal(Address.ZERO, List.of())).isEmpty();
        assertThat(UniswapV4Hooks.refusal(afterSwapOnly, List.of())).contains(
                "hooks " + afterSwapOnly + " are not in hooks-allowlist");
        assertThat(UniswapV4Hooks.refusal(afterSwapOnly, all)).isEmpty();
        assertThat(UniswapV4Hooks.refusal(liquidityOnly, all)).isEmpty();
        assertThat(UniswapV4Hooks.refusal(beforeSwap, all).orElseThrow()).contains("permissions 0x80");
        assertThat(UniswapV4Hooks.refusal(afterSwapReturnsDelta, all).orElseThrow()).contains("permissions 0x4 ");
        assertThat(UniswapV4Hooks.permissions(Address.evm("0xffffffffffffffffffffffffffffffffffffffff")))
                .isEqualTo((1 << 14) - 1);
    }

    @Property(tries = 200)
    void withoutProtocolFeeAV4PoolPaysWhatTheSameV3CurvePays(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long in,
            @ForAll boolean zeroForOne, @ForAll @IntRange(min = 0, max = 999_999) int fee) {
        ConcentratedPool curve = curve(fee);
        UniswapV4Pool v4 = new UniswapV4Pool(curve, Address.ZERO, USDC, fee, Address.ZERO, 0);
        Address a = zeroForOne ? WETH : USDC;
        Address b = zeroForOne ? USDC : WETH;
        BigInteger amount = BigInteger.valueOf(in);
        assertThat(v4.quote(a, b, amount)).isEqualTo(curve.quote(a, b, amount));
        assertThat(((UniswapV4Pool) v4.afterSwap(a, b, amount)).curve())
                .isEqualTo(curve.afterSwap(a, b, amount));
    }

    @Property(tries = 100)
    void aProtocolFeeRaisesTheDirectionsSwapFeeAsProtocolFeeLibraryComputesIt(
            @ForAll @IntRange(min = 0, max = 1000) int zeroForOneFee, @ForAll @IntRange(min = 0, max = 1000) int oneForZeroFee,
            @ForAll @IntRange(min = 0, max = 1_000_000) int lpFee, @ForAll @LongRange(min = 1, max = 1L << 50) long in) {
        UniswapV4Pool v4 = new UniswapV4Pool(curve(lpFee), Address.ZERO, USDC, UniswapV4Pool.DYNAMIC_FEE_FLAG,
                Address.ZERO, zeroForOneFee | oneForZeroFee << 12);
        // ProtocolFeeLibrary.calculateSwapFee: p + lp - p * lp / 1e6.
        int expected = zeroForOneFee + lpFee - (int) ((long) zeroForOneFee * lpFee / 1_000_000);
        assertThat(v4.swapFee(true)).isEqualTo(zeroForOneFee == 0 ? lpFee : expected);
        int swapFee = v4.swapFee(true);
        SwapQuote q = v4.quote(WETH, USDC, BigInteger.valueOf(in));
        if (swapFee >= 1_000_000) {
            assertThat(q.amountOut()).as("a 100% fee leaves nothing to swap").isZero();
        } else {
            assertThat(q).isEqualTo(curve(swapFee).quote(WETH, USDC, BigInteger.valueOf(in)));
        }
    }

    @Test
    void aKeyIsValidatedAsThePoolManagerValidatesIt() {
        assertThatThrownBy(() -> new UniswapV4Pool(curve(500), USDC, Address.ZERO, 500, Address.ZERO, 0))
                .hasMessageContaining("currency0 must sort below currency1");
        assertThatThrownBy(() -> new UniswapV4Pool(curve(500), Address.ZERO, USDC, 1_000_001, Address.ZERO, 0))
                .hasMessageContaining("0 to 1000000 pips or the dynamic-fee flag");
        assertThatThrownBy(() -> new UniswapV4Pool(curve(500), Address.ZERO, USDC, 3000, Address.ZERO, 0))
                .hasMessageContaining("static-fee V4 pool's LP fee is its key's 3000");
        assertThatThrownBy(() -> new UniswapV4Pool(curve(500), Address.ZERO, USDC, 500, Address.ZERO, 1001))
                .hasMessageContaining("up to 1000 pips per direction");
        assertThat(new UniswapV4Pool(curve(1234), Address.ZERO, USDC, 0x800000, Address.ZERO, 0).dynamicFee())
                .isTrue();
    }

    @Test
    void theStepDataIsThePoolKeyAndTheAdapterGetsPoolManagerWethAndTheAllowlist() throws Exception {
        UniswapV4Pool pool = new UniswapV4Pool(curve(3000), USDC, USDT, 3000,
                Address.evm("0x1111111111111111111111111111111111110040"), 0);
        byte[] data = Protocols.dex(pool).stepData(new SwapStep(pool, USDC, USDT, Amount.of(BigInteger.TEN),
                Amount.of(BigInteger.ONE), WETH, 0));
        @SuppressWarnings({"rawtypes", "unchecked"})
        List<TypeReference<Type>> types = List.of((TypeReference) new TypeReference<org.web3j.abi.datatypes.Address>() { },
                (TypeReference) new TypeReference<org.web3j.abi.datatypes.Address>() { },
                (TypeReference) new TypeReference<Uint24>() { }, (TypeReference) new TypeReference<Int24>() { },
                (TypeReference) new TypeReference<org.web3j.abi.datatypes.Address>() { });
        @SuppressWarnings("rawtypes")
        List<Type> key = FunctionReturnDecoder.decode(Numeric.toHexString(data), types);
        assertThat(key.get(0).toString()).isEqualToIgnoringCase(USDC.value());
        assertThat(key.get(1).toString()).isEqualToIgnoringCase(USDT.value());
        assertThat(key.get(2).getValue()).isEqualTo(BigInteger.valueOf(3000));
        assertThat(key.get(3).getValue()).isEqualTo(BigInteger.valueOf(60));
        assertThat(key.get(4).toString()).isEqualTo("0x1111111111111111111111111111111111110040");
        AdapterSpec spec = Protocols.dex("uniswap-v4").adapter(RoomSamples.dex("uniswap-v4"));
        assertThat(spec.artifact()).isEqualTo("UniswapV4Adapter");
        assertThat(spec.probe().orElseThrow().getter()).isEqualTo("poolManager()");
        assertThat(Numeric.toHexString(spec.constructorArguments())).contains(WETH.lower().substring(2));
    }

    /** A WETH/USDC curve (tick spacing 60) with liquidity in two ranges around the price. */
    private static ConcentratedPool curve(int fee) {
        TreeMap<Integer, BigInteger> net = new TreeMap<>();
        net.put(-887220, new BigInteger("1000000000000000000"));
        net.put(197940, new BigInteger("29000000000000000000"));
        net.put(198060, new BigInteger("-29000000000000000000"));
        net.put(887220, new BigInteger("-1000000000000000000"));
        return new ConcentratedPool("eth:uniswap-v4:eth-usdc", RoomSamples.ETH, "uniswap-v4", WETH, USDC, fee, 60,
                new BigInteger("1771595571142957166518320255467520"), 198000, new BigInteger("30000000000000000000"),
                net, 1e8);
    }
}
