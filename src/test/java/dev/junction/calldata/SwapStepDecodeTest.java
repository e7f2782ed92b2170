package dev.junction.calldata;

import dev.junction.chain.AcquisitionMode;
import static dev.junction.calldata.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import dev.junction.market.Pool;
import dev.junction.protocol.DexProtocol;
import dev.junction.protocol.Protocols;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.balancerv2.BalancerV2;
import dev.junction.protocol.curve.Curve;
import dev.junction.protocol.RoomSamples;
import dev.junction.protocol.uniswapv4.UniswapV4;
import dev.junction.market.UniswapV4Pool;
import org.web3j.abi.datatypes.generated.Int24;
import org.web3j.abi.datatypes.generated.Uint24;
import dev.junction.protocol.generic.GenericSwap;
import dev.junction.protocol.uniswapv2.UniswapV2;
import dev.junction.protocol.uniswapv3.UniswapV3;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Int128;
import org.web3j.abi.datatypes.generated.Uint24;
import org.web3j.abi.datatypes.generated.Uint256;

/** Each swap shape's step data, read back field by field with web3j's decoder. */
class SwapStepDecodeTest {

    static final String IN = "1000000000";
    static final String OUT = "395000000000000000";
    static final String MIN = "393025000000000000";

    /** Encodes a one-swap route USDC -> WETH (or as given) and returns the step's data. */
    static byte[] stepData(Pool pool, Address in, Address out) {
        RouteCall call = route(in, IN, out, MIN, AcquisitionMode.DIRECT_TRANSFER, List.of(swap(pool, in, out, IN, OUT, MIN)));
        RouterCallDecoder.Route d = Decoded.executeRoute(Hex.decode(new TransactionBuilder().build(call).data()));
        assertThat(d.steps()).hasSize(1);
        RouterCallDecoder.Step step = d.steps().get(0);
        assertThat(step.kind.getValue()).isEqualTo(BigInteger.ZERO);
        assertThat(addr(step.adapter)).isEqualTo(Adapters.of(ETH_ROUTER, pool.provider()));
        assertThat(addr(step.tokenIn)).isEqualTo(in);
        assertThat(addr(step.tokenOut)).isEqualTo(out);
        assertThat(step.minAmountOut.getValue()).isEqualTo(new BigInteger(MIN));
        return step.data.getValue();
    }

    /** The shape the pool's room picks. */
    static StepShape shape(Pool pool) {
        DexProtocol room = Protocols.dex(pool);
        return room.shape(pool);
    }

    static Address addr(Type<?> t) {
        return Address.evm(t.getValue().toString());
    }

    static BigInteger uint(Type<?> t) {
        return (BigInteger) t.getValue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"uniswap-v2", "sushiswap", "pancakeswap", "quickswap", "trader-joe"})
    void uniswapV2ForksNeedNoStepData(String provider) {
        assertThat(shape(v2(provider))).isEqualTo(UniswapV2.ROUTER02);
        assertThat(UniswapV2.ROUTER02.executable()).isTrue();
        byte[] data = stepData(v2(provider), ETH_USDC, ETH_WETH);
        assertThat(data).as("the V2 adapter derives the pair from its factory and the step's tokens").isEmpty();
    }

    @Test
    void camelotV2PassesAZeroReferrerBeforeTheDeadline() {
        byte[] data = stepData(v2("camelot"), ETH_WETH, ETH_USDC);
        assertThat(Decoded.selector(data)).isEqualTo("0xac3893ba");
        List<Type> a = Decoded.args(data, List.of(new TypeReference<Uint256>() { }, new TypeReference<Uint256>() { },
                new TypeReference<DynamicArray<org.web3j.abi.datatypes.Address>>() { },
                new TypeReference<org.web3j.abi.datatypes.Address>() { },
                new TypeReference<org.web3j.abi.datatypes.Address>() { }, new TypeReference<Uint256>() { }));
        assertThat(uint(a.get(0))).isEqualTo(new BigInteger(IN));
        assertThat(uint(a.get(1))).isEqualTo(new BigInteger(MIN));
        @SuppressWarnings("unchecked")
        List<org.web3j.abi.datatypes.Address> path = ((DynamicArray<org.web3j.abi.datatypes.Address>) a.get(2)).getValue();
        assertThat(path.stream().map(SwapStepDecodeTest::addr)).containsExactly(ETH_WETH, ETH_USDC);
        assertThat(addr(a.get(3))).isEqualTo(ETH_ROUTER);
        assertThat(addr(a.get(4))).isEqualTo(Address.ZERO);
        assertThat(uint(a.get(5))).isEqualTo(BigInteger.valueOf(DEADLINE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"aerodrome", "velodrome"})
    void solidlyForksPassAVolatileRouteWithTheDefaultFactory(String provider) {
        byte[] data = stepData(v2(provider), ETH_USDC, ETH_WETH);
        assertThat(Decoded.selector(data)).isEqualTo("0xcac88ea9");
        List<Type> a = Decoded.args(data, List.of(new TypeReference<Uint256>() { }, new TypeReference<Uint256>() { },
                new TypeReference<DynamicArray<ProtocolStructs.SolidlyRoute>>() { },
                new TypeReference<org.web3j.abi.datatypes.Address>() { }, new TypeReference<Uint256>() { }));
        assertThat(uint(a.get(0))).isEqualTo(new BigInteger(IN));
        assertThat(uint(a.get(1))).isEqualTo(new BigInteger(MIN));
        @SuppressWarnings("unchecked")
        List<ProtocolStructs.SolidlyRoute> routes = ((DynamicArray<ProtocolStructs.SolidlyRoute>) a.get(2)).getValue();
        assertThat(routes).hasSize(1);
        assertThat(addr(routes.get(0).from)).isEqualTo(ETH_USDC);
        assertThat(addr(routes.get(0).to)).isEqualTo(ETH_WETH);
        assertThat(routes.get(0).stable.getValue()).isFalse();
        assertThat(addr(routes.get(0).factory)).isEqualTo(Address.ZERO);
        assertThat(addr(a.get(3))).isEqualTo(ETH_ROUTER);
        assertThat(uint(a.get(4))).isEqualTo(BigInteger.valueOf(DEADLINE));
    }

    @Test
    void uniswapV3StepDataIsThePoolFee() {
        byte[] data = stepData(v3("uniswap-v3", 500, 10), ETH_USDC, ETH_WETH);
        assertThat(shape(v3("uniswap-v3", 500, 10))).isEqualTo(UniswapV3.ROUTER02);
        assertThat(UniswapV3.ROUTER02.executable()).isTrue();
        List<Type> a = Decoded.payload(data, List.of(new TypeReference<Uint24>() { }));
        assertThat(uint(a.get(0))).isEqualTo(BigInteger.valueOf(500));
        assertThat(data).hasSize(32);
    }

    @Test
    void pancakeswapV3KeepsItsRouterCallAndIsNotExecutable() {
        Pool pool = v3("pancakeswap", 500, 10);
        assertThat(shape(pool)).isEqualTo(UniswapV3.PANCAKE_V3);
        assertThat(UniswapV3.PANCAKE_V3.executable()).as("its pools call pancakeV3SwapCallback").isFalse();
        byte[] data = stepData(pool, ETH_USDC, ETH_WETH);
        assertThat(Decoded.selector(data)).isEqualTo("0xb858183f");
        var p = (ProtocolStructs.ExactInput4) Decoded.args(data,
                List.of(new TypeReference<ProtocolStructs.ExactInput4>() { })).get(0);
        assertThat(Hex.encode(p.path.getValue())).isEqualTo(
                "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48" + "0001f4" + "c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2");
        assertThat(p.amountIn.getValue()).isEqualTo(new BigInteger(IN));
    }

    @Test
    void sushiswapV3IsAUniswapV3ForkWithTheSameAdapterData() {
        byte[] data = stepData(v3("sushiswap", 3000, 60), ETH_WETH, ETH_USDC);
        List<Type> a = Decoded.payload(data, List.of(new TypeReference<Uint24>() { }));
        assertThat(uint(a.get(0))).isEqualTo(BigInteger.valueOf(3000));
    }

    @ParameterizedTest
    @ValueSource(strings = {"camelot", "quickswap"})
    void algebraPathsHaveNoFee(String provider) {
        byte[] data = stepData(v3(provider, 500, 60), ETH_USDC, ETH_WETH);
        assertThat(Decoded.selector(data)).isEqualTo("0xc04b8d59");
        var p = decode5(data);
        assertThat(Hex.encode(p.path.getValue())).isEqualTo(
                "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48" + "c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2");
        assertThat(p.deadline.getValue()).isEqualTo(BigInteger.valueOf(DEADLINE));
        assertThat(p.amountIn.getValue()).isEqualTo(new BigInteger(IN));
        assertThat(p.amountOutMinimum.getValue()).isEqualTo(new BigInteger(MIN));
    }

    @ParameterizedTest
    @ValueSource(strings = {"aerodrome", "velodrome"})
    void slipstreamPathsCarryTheTickSpacing(String provider) {
        byte[] data = stepData(v3(provider, 500, 100), ETH_USDC, ETH_WETH);
        assertThat(Decoded.selector(data)).isEqualTo("0xc04b8d59");
        var p = decode5(data);
        assertThat(Hex.encode(p.path.getValue())).isEqualTo(
                "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48" + "000064" + "c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2");
        assertThat(addr(p.recipient)).isEqualTo(ETH_ROUTER);
        assertThat(p.amountIn.getValue()).isEqualTo(new BigInteger(IN));
    }

    @Test
    void uniswapV4StepDataIsThePoolKeyWithNativeEthAsAddressZero() {
        UniswapV4Pool pool = RoomSamples.v4("uniswap-v4");
        byte[] data = stepData(pool, ETH_USDC, pool.curve().token0());
        List<TypeReference<?>> types = List.of(new TypeReference<org.web3j.abi.datatypes.Address>() { },
                new TypeReference<org.web3j.abi.datatypes.Address>() { }, new TypeReference<Uint24>() { },
                new TypeReference<Int24>() { }, new TypeReference<org.web3j.abi.datatypes.Address>() { });
        List<Type> key = Decoded.payload(data, types);
        assertThat(addr(key.get(0))).isEqualTo(Address.ZERO);
        assertThat(addr(key.get(1))).isEqualTo(ETH_USDC);
        assertThat(uint(key.get(2))).isEqualTo(BigInteger.valueOf(500));
        assertThat(uint(key.get(3))).isEqualTo(BigInteger.TEN);
        assertThat(addr(key.get(4))).isEqualTo(Address.ZERO);
    }

    @Test
    void curveStepDataIsThePoolAndTheCoinIndexesInPoolOrder() {
        byte[] data = stepData(curve3(), ETH_DAI, ETH_USDT);
        List<TypeReference<?>> types = List.of(new TypeReference<org.web3j.abi.datatypes.Address>() { },
                new TypeReference<Int128>() { }, new TypeReference<Int128>() { });
        List<Type> a = Decoded.payload(data, types);
        assertThat(uint(a.get(1))).isEqualTo(BigInteger.ZERO);
        assertThat(uint(a.get(2))).isEqualTo(BigInteger.TWO);
        List<Type> b = Decoded.payload(stepData(curve3(), ETH_USDT, ETH_USDC), types);
        assertThat(uint(b.get(1))).isEqualTo(BigInteger.TWO);
        assertThat(uint(b.get(2))).isEqualTo(BigInteger.ONE);
    }

    @Test
    void balancerStepDataIsThePoolIdTheStepsLeastOutputAndTheDeadline() {
        byte[] data = stepData(balancerWeighted(), ETH_USDC, ETH_WETH);
        List<Type> a = Decoded.payload(data, List.of(new TypeReference<Bytes32>() { }, new TypeReference<Uint256>() { },
                new TypeReference<Uint256>() { }));
        assertThat(Hex.encode((byte[]) a.get(0).getValue())).isEqualTo(balancerWeighted().poolId().value());
        assertThat(uint(a.get(1))).isEqualTo(new BigInteger(MIN));
        assertThat(uint(a.get(2))).isEqualTo(BigInteger.valueOf(DEADLINE));
        assertThat(shape(balancerWeighted())).isEqualTo(BalancerV2.VAULT_SWAP);
    }

    @Test
    void traderJoeConcentratedPoolsUseTheGenericSwap() {
        Pool pool = v3("trader-joe", 500, 10);
        byte[] data = stepData(pool, ETH_USDC, ETH_WETH);
        assertThat(Decoded.selector(data)).isEqualTo(RouterAbi.selector(GenericSwap.SHAPE.signature()));
        List<Type> a = Decoded.args(data, List.of(new TypeReference<Bytes32>() { },
                new TypeReference<org.web3j.abi.datatypes.Address>() { },
                new TypeReference<org.web3j.abi.datatypes.Address>() { }, new TypeReference<Uint256>() { },
                new TypeReference<Uint256>() { }, new TypeReference<org.web3j.abi.datatypes.Address>() { },
                new TypeReference<Uint256>() { }));
        assertThat(Hex.encode((byte[]) a.get(0).getValue())).isEqualTo(RouterAbi.topic(pool.id()).value());
        assertThat(addr(a.get(1))).isEqualTo(ETH_USDC);
        assertThat(addr(a.get(2))).isEqualTo(ETH_WETH);
        assertThat(uint(a.get(3))).isEqualTo(new BigInteger(IN));
        assertThat(uint(a.get(4))).isEqualTo(new BigInteger(MIN));
        assertThat(addr(a.get(5))).isEqualTo(ETH_ROUTER);
        assertThat(uint(a.get(6))).isEqualTo(BigInteger.valueOf(DEADLINE));
    }

    @Test
    void everySwapShapeSelectorIsKeccakOfItsSignature() {
        List<StepShape> shapes = Protocols.dexes().stream().flatMap(d -> d.shapes().stream()).toList();
        assertThat(shapes.stream().filter(StepShape::executable))
                .containsExactlyInAnyOrder(UniswapV2.ROUTER02, UniswapV3.ROUTER02, UniswapV3.SWAP_ROUTER,
                        UniswapV4.ADAPTER, Curve.STABLE_SWAP, BalancerV2.VAULT_SWAP);
        for (StepShape shape : shapes) {
            assertThat(RouterAbi.selector(shape.signature()))
                    .isEqualTo(RouterAbi.topic(shape.signature()).value().substring(0, 10));
        }
    }

    static ProtocolStructs.ExactInput5 decode5(byte[] data) {
        return (ProtocolStructs.ExactInput5) Decoded.args(data,
                List.of(new TypeReference<ProtocolStructs.ExactInput5>() { })).get(0);
    }

}
