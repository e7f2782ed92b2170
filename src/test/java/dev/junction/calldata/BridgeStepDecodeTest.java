package dev.junction.calldata;

import dev.junction.chain.AcquisitionMode;
import static dev.junction.calldata.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.market.BridgeLane;
import dev.junction.protocol.Protocols;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.across.Across;
import dev.junction.protocol.cctp.Cctp;
import dev.junction.protocol.generic.GenericBridge;
import dev.junction.protocol.shared.Recipients;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint16;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint32;
import org.web3j.abi.datatypes.generated.Uint64;

/** Each bridge shape's step data, read back field by field with web3j's decoder. */
class BridgeStepDecodeTest {

    static final long IN = 1_000_000_000L;
    static final long OUT = 999_400_000L;
    static final long MIN = 994_403_000L;

    static final TypeReference<org.web3j.abi.datatypes.Address> ADDRESS = new TypeReference<>() { };
    static final TypeReference<Uint256> UINT256 = new TypeReference<>() { };
    static final TypeReference<Uint32> UINT32 = new TypeReference<>() { };
    static final TypeReference<Bytes32> BYTES32 = new TypeReference<>() { };
    static final TypeReference<DynamicBytes> BYTES = new TypeReference<>() { };

    /** A route that is just this bridge, to the fixed receiver; returns the bridge step's data. */
    static byte[] onlyStep(BridgeLane lane, Address receiver) {
        RouteCall call = route(lane.fromChain(), lane.inputToken(), Long.toString(IN), lane.outputToken(), receiver,
                Long.toString(MIN), AcquisitionMode.DIRECT_TRANSFER, "0x", BigInteger.ZERO, List.of(bridge(lane, IN, OUT, MIN)));
        RouterCallDecoder.Route d = Decoded.executeRoute(Hex.decode(new TransactionBuilder().build(call).data()));
        RouterCallDecoder.Step step = d.steps().get(0);
        assertThat(step.kind.getValue()).isEqualTo(BigInteger.ONE);
        assertThat(SwapStepDecodeTest.addr(step.adapter)).isEqualTo(Adapters.of(routerOf(lane.fromChain()), lane.provider()));
        assertThat(step.minAmountOut.getValue()).isEqualTo(BigInteger.valueOf(MIN));
        return step.data.getValue();
    }

    static Address addr(Type<?> t) {
        return SwapStepDecodeTest.addr(t);
    }

    static long num(Type<?> t) {
        return ((BigInteger) t.getValue()).longValueExact();
    }

    static String hex(Type<?> t) {
        return Hex.encode((byte[]) t.getValue());
    }

    static String word(Address a) {
        return Hex.encode(Recipients.bytes32(a));
    }

    /** AcrossAdapter.AcrossDeposit: abi.encode of one dynamic struct = offset word, then the struct's fields. */
    static List<Type> acrossDeposit(byte[] data) {
        assertThat(new BigInteger(1, Arrays.copyOf(data, 32))).as("offset of the struct").isEqualTo(BigInteger.valueOf(32));
        return Decoded.payload(Arrays.copyOfRange(data, 32, data.length), List.of(BYTES32, BYTES32, BYTES32, UINT256,
                UINT256, UINT256, BYTES32, UINT32, UINT32, UINT32, BYTES));
    }

    @Test
    void acrossDepositCarriesEveryTermAndPaysTheReceiverDirectlyWhenItIsTheLastStep() {
        BridgeLane lane = lane("across", ETH, ARB, ETH_USDC, ARB_USDC);
        assertThat(Protocols.bridge(lane.provider()).shape(lane)).isEqualTo(Across.V3);
        assertThat(Across.V3.executable()).isTrue();
        List<Type> a = acrossDeposit(onlyStep(lane, RECEIVER));
        assertThat(hex(a.get(0))).as("depositor: refunds go to the user").isEqualTo(word(SENDER));
        assertThat(hex(a.get(1))).isEqualTo(word(RECEIVER));
        assertThat(hex(a.get(2))).isEqualTo(word(ARB_USDC));
        assertThat(num(a.get(3))).as("outputAmount: what the relayer must deliver").isEqualTo(OUT);
        assertThat(num(a.get(4))).as("plannedInput: the adapter scales outputAmount to the input bridged").isEqualTo(IN);
        assertThat(num(a.get(5))).isEqualTo(42161);
        assertThat(hex(a.get(6))).isEqualTo(Hex.encode(new byte[32]));
        assertThat(num(a.get(7))).isEqualTo(QUOTED_AT);
        assertThat(num(a.get(8))).as("fillDeadline = deadline + 2 * p90").isEqualTo(DEADLINE + 2 * 240);
        assertThat(num(a.get(9))).isZero();
        assertThat(hex(a.get(10))).isEqualTo("0x");
    }

    @Test
    void acrossToSolanaCarriesBytes32Addresses() {
        BridgeLane lane = lane("across", ETH, ChainId.SOLANA, ETH_USDC, SOLANA_TOKEN);
        List<Type> a = acrossDeposit(onlyStep(lane, SOLANA_WALLET));
        assertThat(hex(a.get(0))).isEqualTo(word(SENDER));
        assertThat(hex(a.get(1))).isEqualTo(word(SOLANA_WALLET)).isNotEqualTo(Hex.encode(new byte[32]));
        assertThat(hex(a.get(2))).isEqualTo(word(SOLANA_TOKEN));
        assertThat(num(a.get(3))).isEqualTo(OUT);
        assertThat(((BigInteger) a.get(5).getValue())).isEqualTo(BigInteger.valueOf(ChainId.SOLANA.value()));
    }

    @Test
    void solanaAddressWordIsItsBase58Bytes() {
        // Expected values from ethers v6 decodeBase58 (an independent implementation).
        assertThat(word(SOLANA_TOKEN))
                .isEqualTo("0x036e3fe9b84194a45081c1fd6ce49db4fdca84bd0e0bd15162c98178d87bc45b");
        assertThat(word(SOLANA_WALLET))
                .isEqualTo("0x7e8c088760bfde1dddcf32c17f209b8242ee52aaf131facd88d0ea2c6d0b06f2");
        assertThat(word(Address.solana("11111111111111111111111111111111"))).isEqualTo(Hex.encode(new byte[32]));
    }

    /**
     * {@code abi.encode(CctpBurn)} read back by the Solidity struct's layout: the struct's offset (32), then
     * {@code (uint32 destinationDomain, bytes32 mintRecipient, uint256 destinationChainId, bytes message)}.
     */
    static List<Type> cctpBurn(byte[] data) {
        assertThat(new BigInteger(1, Arrays.copyOf(data, 32))).as("offset of the struct").isEqualTo(BigInteger.valueOf(32));
        return Decoded.payload(Arrays.copyOfRange(data, 32, data.length), List.of(UINT32, BYTES32, UINT256, BYTES));
    }

    @Test
    void cctpV1StepDataIsCirclesDomainTheMintRecipientTheChainAndNoMessageForTheLastStep() {
        BridgeLane lane = lane("cctp", ETH, ARB, ETH_USDC, ARB_USDC);
        assertThat(Protocols.bridge(lane.provider()).shape(lane)).isEqualTo(Cctp.V1);
        assertThat(Cctp.V1.executable()).isTrue();
        byte[] data = onlyStep(lane, RECEIVER);
        List<Type> a = cctpBurn(data);
        assertThat(data).as("offset, three words, the message's offset and its zero length").hasSize(6 * 32);
        assertThat(num(a.get(0))).as("Arbitrum is CCTP domain 3").isEqualTo(3);
        assertThat(hex(a.get(1))).isEqualTo(word(RECEIVER));
        assertThat(num(a.get(2))).isEqualTo(42161);
        assertThat(hex(a.get(3))).isEqualTo("0x");
    }

    @Test
    void cctpDomainsFollowCircle() {
        long[][] expected = {{1, 0}, {43114, 1}, {10, 2}, {42161, 3}, {ChainId.SOLANA.value(), 5}, {8453, 6}, {137, 7},
                {59144, 11}};
        for (long[] e : expected) {
            assertThat(Cctp.domain(ChainId.of(e[0])).orElseThrow())
                    .as("chain " + e[0]).isEqualTo((int) e[1]);
        }
        assertThat(Cctp.domain(ChainId.of(56))).isEmpty();
    }

    @Test
    void cctpToLineaNeedsTheV2Call() {
        BridgeLane lane = lane("cctp", ETH, LINEA, ETH_USDC, LINEA_USDC);
        byte[] data = onlyStep(lane, RECEIVER);
        assertThat(Decoded.selector(data)).isEqualTo("0x8e0250ee");
        List<Type> a = Decoded.args(data, List.of(UINT256, UINT32, BYTES32, ADDRESS, BYTES32, UINT256, UINT32));
        assertThat(num(a.get(0))).isEqualTo(IN);
        assertThat(num(a.get(1))).isEqualTo(11);
        assertThat(hex(a.get(2))).isEqualTo(word(RECEIVER));
        assertThat(addr(a.get(3))).isEqualTo(ETH_USDC);
        assertThat(hex(a.get(4))).as("any destination caller").isEqualTo(Hex.encode(new byte[32]));
        assertThat(num(a.get(5))).as("maxFee = planned fee").isEqualTo(IN - OUT);
        assertThat(num(a.get(6))).as("finalized (Standard Transfer)").isEqualTo(2000);
    }

    @Test
    void cctpRejectsAChainItDoesNotServe() {
        BridgeLane lane = lane("cctp", ETH, ChainId.of(56), ETH_USDC, ETH_USDC);
        assertThatThrownBy(() -> onlyStep(lane, RECEIVER)).isInstanceOf(CalldataException.class)
                .hasMessageContaining("toChain").hasMessageContaining("CCTP");
    }

    @Test
    void stargateSendCarriesTheLayerZeroEndpointAndRefundsTheSender() {
        BridgeLane lane = lane("stargate", ETH, ARB, ETH_USDC, ARB_USDC);
        byte[] data = onlyStep(lane, RECEIVER);
        assertThat(Decoded.selector(data)).isEqualTo("0xc7c7f5b3");
        List<Type> a = Decoded.args(data, List.of(new TypeReference<ProtocolStructs.SendParam>() { },
                new TypeReference<ProtocolStructs.MessagingFee>() { }, ADDRESS));
        var p = (ProtocolStructs.SendParam) a.get(0);
        assertThat(num(p.dstEid)).as("Arbitrum eid").isEqualTo(30110);
        assertThat(hex(p.to)).isEqualTo(word(RECEIVER));
        assertThat(num(p.amountLD)).isEqualTo(IN);
        assertThat(num(p.minAmountLD)).isEqualTo(MIN);
        assertThat(hex(p.extraOptions)).isEqualTo("0x");
        assertThat(hex(p.composeMsg)).isEqualTo("0x");
        assertThat(hex(p.oftCmd)).as("taxi").isEqualTo("0x");
        var fee = (ProtocolStructs.MessagingFee) a.get(1);
        assertThat(num(fee.nativeFee)).isZero();
        assertThat(num(fee.lzTokenFee)).isZero();
        assertThat(addr(a.get(2))).isEqualTo(SENDER);
    }

    @Test
    void hopFromEthereumCallsSendToL2() {
        BridgeLane lane = lane("hop", ETH, ARB, ETH_USDC, ARB_USDC);
        byte[] data = onlyStep(lane, RECEIVER);
        assertThat(Decoded.selector(data)).isEqualTo("0xdeace8f5");
        List<Type> a = Decoded.args(data, List.of(UINT256, ADDRESS, UINT256, UINT256, UINT256, ADDRESS, UINT256));
        assertThat(num(a.get(0))).isEqualTo(42161);
        assertThat(addr(a.get(1))).isEqualTo(RECEIVER);
        assertThat(num(a.get(2))).isEqualTo(IN);
        assertThat(num(a.get(3))).isEqualTo(MIN);
        assertThat(num(a.get(4))).isEqualTo(DEADLINE + 480);
        assertThat(addr(a.get(5))).isEqualTo(Address.ZERO);
        assertThat(num(a.get(6))).isZero();
    }

    @Test
    void hopFromARollupCallsSwapAndSendWithTheBonderFee() {
        BridgeLane toBase = lane("hop", ARB, BASE, ARB_USDC, BASE_USDC);
        byte[] data = onlyStep(toBase, RECEIVER);
        assertThat(Decoded.selector(data)).isEqualTo("0xeea0d7b2");
        List<Type> a = Decoded.args(data, List.of(UINT256, ADDRESS, UINT256, UINT256, UINT256, UINT256, UINT256, UINT256));
        assertThat(num(a.get(0))).isEqualTo(8453);
        assertThat(addr(a.get(1))).isEqualTo(RECEIVER);
        assertThat(num(a.get(2))).isEqualTo(IN);
        assertThat(num(a.get(3))).as("bonderFee").isEqualTo(IN - OUT);
        assertThat(num(a.get(4))).isEqualTo(MIN);
        assertThat(num(a.get(5))).isEqualTo(DEADLINE);
        assertThat(num(a.get(6))).isEqualTo(MIN);
        assertThat(num(a.get(7))).isEqualTo(DEADLINE + 480);

        byte[] toL1 = onlyStep(lane("hop", ARB, ETH, ARB_USDC, ETH_USDC), RECEIVER);
        List<Type> b = Decoded.args(toL1, List.of(UINT256, ADDRESS, UINT256, UINT256, UINT256, UINT256, UINT256, UINT256));
        assertThat(num(b.get(6))).as("no destination AMM on L1").isZero();
        assertThat(num(b.get(7))).isZero();
    }

    @Test
    void celerSendStatesMaxSlippageInMillionths() {
        byte[] data = onlyStep(lane("celer", ETH, ARB, ETH_USDC, ARB_USDC), RECEIVER);
        assertThat(Decoded.selector(data)).isEqualTo("0xa5977fbb");
        List<Type> a = Decoded.args(data, List.of(ADDRESS, ADDRESS, UINT256, new TypeReference<Uint64>() { },
                new TypeReference<Uint64>() { }, UINT32));
        assertThat(addr(a.get(0))).isEqualTo(RECEIVER);
        assertThat(addr(a.get(1))).isEqualTo(ETH_USDC);
        assertThat(num(a.get(2))).isEqualTo(IN);
        assertThat(num(a.get(3))).isEqualTo(42161);
        assertThat(num(a.get(4))).as("nonce from the quote id").isEqualTo(0x0f3c2a1b0d9e8f7aL);
        assertThat(num(a.get(5))).as("ceil((in - min) * 1e6 / in)").isEqualTo(5597);
    }

    @Test
    void wormholeTransferTokensUsesWormholeChainIds() {
        byte[] data = onlyStep(lane("wormhole", ETH, ARB, ETH_USDC, ARB_USDC), RECEIVER);
        assertThat(Decoded.selector(data)).isEqualTo("0x0f5287b0");
        List<Type> a = Decoded.args(data, List.of(ADDRESS, UINT256, new TypeReference<Uint16>() { }, BYTES32, UINT256,
                UINT32));
        assertThat(addr(a.get(0))).isEqualTo(ETH_USDC);
        assertThat(num(a.get(1))).isEqualTo(IN);
        assertThat(num(a.get(2))).as("Arbitrum is Wormhole chain 23").isEqualTo(23);
        assertThat(hex(a.get(3))).isEqualTo(word(RECEIVER));
        assertThat(num(a.get(4))).isZero();
        assertThat(num(a.get(5))).isEqualTo(0x8f3c2a1bL);
    }

    @Test
    void anUnknownBridgeUsesTheGenericCall() {
        BridgeLane lane = lane("arbitrum-native", ETH, ARB, ETH_USDC, ARB_USDC);
        byte[] data = onlyStep(lane, RECEIVER);
        assertThat(Decoded.selector(data)).isEqualTo(RouterAbi.selector(GenericBridge.SHAPE.signature()));
        List<Type> a = Decoded.args(data, List.of(BYTES32, UINT256, BYTES32, ADDRESS, BYTES32, UINT256, UINT256, UINT256,
                BYTES));
        assertThat(hex(a.get(0))).isEqualTo(RouterAbi.topic("arbitrum-native").value());
        assertThat(num(a.get(1))).isEqualTo(42161);
        assertThat(hex(a.get(2))).isEqualTo(word(RECEIVER));
        assertThat(addr(a.get(3))).isEqualTo(ETH_USDC);
        assertThat(hex(a.get(4))).isEqualTo(word(ARB_USDC));
        assertThat(num(a.get(5))).isEqualTo(IN);
        assertThat(num(a.get(6))).isEqualTo(MIN);
        assertThat(num(a.get(7))).isEqualTo(DEADLINE + 480);
        assertThat(hex(a.get(8))).isEqualTo("0x");
    }

    @Test
    void everyBridgeShapeSelectorIsKeccakOfItsSignature() {
        List<StepShape> shapes = new ArrayList<>(Protocols.genericBridge().shapes());
        Protocols.bridges().forEach(b -> shapes.addAll(b.shapes()));
        assertThat(shapes.stream().filter(StepShape::executable)).containsExactlyInAnyOrder(Across.V3, Across.BYTES32,
                Cctp.V1);
        for (StepShape shape : shapes) {
            assertThat(RouterAbi.selector(shape.signature()))
                    .isEqualTo(RouterAbi.topic(shape.signature()).value().substring(0, 10));
        }
    }
}
