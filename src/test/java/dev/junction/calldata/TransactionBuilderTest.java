package dev.junction.calldata;

import dev.junction.chain.AcquisitionMode;
import static dev.junction.calldata.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.market.BridgeLane;
import dev.junction.market.ConstantProductPool;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.Type;

/** The transaction object's rules (2.6 + value) and the RouteParams the calldata carries. */
class TransactionBuilderTest {

    final TransactionBuilder builder = new TransactionBuilder();

    static RouteCall usdcToWeth(AcquisitionMode mode) {
        return route(ETH_USDC, "1000000000", ETH_WETH, "390000000000000000", mode,
                List.of(swap(v2("uniswap-v2"), ETH_USDC, ETH_WETH, "1000000000", "395000000000000000",
                        "390000000000000000")));
    }

    static RouteCall ethToUsdc(AcquisitionMode mode) {
        return route(Address.NATIVE, "2000000000000000000", ETH_USDC, "5000000000", mode,
                List.of(swap(v3("uniswap-v3", 500, 10), ETH_WETH, ETH_USDC, "2000000000000000000", "5100000000",
                        "5000000000")));
    }

    @Test
    void erc20RouteWithDirectTransferApprovesTheRouterAndSendsNoValue() {
        Transaction tx = builder.build(usdcToWeth(AcquisitionMode.DIRECT_TRANSFER));
        assertThat(tx.to()).isEqualTo(ETH_ROUTER);
        assertThat(tx.chain()).isEqualTo(ETH);
        assertThat(tx.allowanceTarget()).isEqualTo(ETH_ROUTER);
        assertThat(tx.value()).isZero();
        assertThat(tx.expiry()).isEqualTo(EXPIRY);
        assertThat(tx.simulation()).as("only a real simulation sets it").isFalse();
        assertThat(tx.gasLimit()).isEqualTo(BigInteger.valueOf(300_000));
    }

    @ParameterizedTest
    @CsvSource({"SIGNED_PERMIT, 2", "SIGNED_PERMIT_WITNESS, 3"})
    void permitModesApprovePermit2(AcquisitionMode mode, int code) {
        Transaction tx = builder.build(usdcToWeth(mode));
        assertThat(tx.allowanceTarget()).isEqualTo(Address.evm("0x000000000022D473030F116dDEE9F6B43aC78BA3"));
        var params = Decoded.executeRoute(Hex.decode(tx.data())).params();
        assertThat(params.acquisitionMode.getValue().intValue()).isEqualTo(code);
    }

    @ParameterizedTest
    @CsvSource({"DIRECT_TRANSFER", "NATIVE_TOKEN"})
    void nativeInputApprovesNothingAndSendsTheAmountAsValue(AcquisitionMode mode) {
        Transaction tx = builder.build(ethToUsdc(mode));
        assertThat(tx.allowanceTarget()).isEqualTo(Address.ZERO);
        assertThat(tx.value()).isEqualTo(new BigInteger("2000000000000000000"));
        var params = Decoded.executeRoute(Hex.decode(tx.data())).params();
        assertThat(Address.evm(params.inputToken.getValue())).isEqualTo(Address.NATIVE);
        assertThat(params.acquisitionMode.getValue().intValue()).as("native").isEqualTo(1);
        assertThat(params.amountIn.getValue()).isEqualTo(new BigInteger("2000000000000000000"));
    }

    @Test
    void theZeroAddressIsNativeInputToo() {
        RouteCall call = route(Address.ZERO, "1000", ETH_USDC, "1", AcquisitionMode.DIRECT_TRANSFER,
                List.of(swap(v2("uniswap-v2"), ETH_WETH, ETH_USDC, "1000", "2", "1")));
        Transaction tx = builder.build(call);
        assertThat(tx.value()).isEqualTo(BigInteger.valueOf(1000));
        assertThat(tx.allowanceTarget()).isEqualTo(Address.ZERO);
    }

    @Test
    void permit2CannotMoveTheNativeToken() {
        assertThatThrownBy(() -> builder.build(ethToUsdc(AcquisitionMode.SIGNED_PERMIT)))
                .isInstanceOf(CalldataException.class).hasMessageStartingWith("acquisitionMode ")
                .extracting(e -> ((CalldataException) e).parameter()).isEqualTo("acquisitionMode");
    }

    @Test
    void nativeModeNeedsNativeInput() {
        assertThatThrownBy(() -> builder.build(usdcToWeth(AcquisitionMode.NATIVE_TOKEN)))
                .isInstanceOf(CalldataException.class).hasMessageContaining("acquisitionMode");
    }

    @Test
    void unknownAcquisitionModeIsRejectedByNumber() {
        assertThat(AcquisitionMode.of(3)).isEqualTo(AcquisitionMode.SIGNED_PERMIT_WITNESS);
        assertThatThrownBy(() -> AcquisitionMode.of(4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("acquisitionMode");
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "1, 2", "5, 6", "100001, 120002", "250000, 300000"})
    void gasLimitIsTheEstimatePlusTwentyPercentRoundedUp(long gas, long expected) {
        assertThat(TransactionBuilder.gasWithMargin(gas)).isEqualTo(BigInteger.valueOf(expected));
    }

    @Test
    void routeParamsCarryEveryTerm() {
        RouteCall call = route(ETH, ETH_USDC, "1000000000", ETH_WETH, RECEIVER, "390000000000000000",
                AcquisitionMode.DIRECT_TRANSFER, "0xdeadbeef", BigInteger.valueOf(123_456),
                List.of(swap(v2("uniswap-v2"), ETH_USDC, ETH_WETH, "1000000000", "395000000000000000",
                        "390000000000000000")));
        var p = Decoded.executeRoute(Hex.decode(builder.build(call).data())).params();
        assertThat(Hex.encode(p.quoteId.getValue())).isEqualTo(QUOTE_ID);
        assertThat(Address.evm(p.inputToken.getValue())).isEqualTo(ETH_USDC);
        assertThat(p.amountIn.getValue()).isEqualTo(new BigInteger("1000000000"));
        assertThat(Address.evm(p.outputToken.getValue())).isEqualTo(ETH_WETH);
        assertThat(p.minAmountOut.getValue()).isEqualTo(new BigInteger("390000000000000000"));
        assertThat(Address.evm(p.receiver.getValue())).isEqualTo(RECEIVER);
        assertThat(p.deadline.getValue()).isEqualTo(BigInteger.valueOf(DEADLINE));
        assertThat(p.feeBps.getValue().intValue()).isEqualTo(25);
        assertThat(Address.evm(p.feeRecipient.getValue())).isEqualTo(FEE_RECIPIENT);
        assertThat(p.acquisitionMode.getValue().intValue()).isZero();
        assertThat(Hex.encode(p.destinationCallData.getValue())).isEqualTo("0xdeadbeef");
        assertThat(p.destinationGasLimit.getValue()).isEqualTo(BigInteger.valueOf(123_456));
    }

    @Test
    void aTextQuoteIdIsHashed() {
        RouteCall base = usdcToWeth(AcquisitionMode.DIRECT_TRANSFER);
        RouteCall call = new RouteCall("2b1c6f8e-7a4d-4f52-9d0e-6c1f3a2b5d77", base.chain(), base.router(),
                base.sender(), base.receiver(), base.inputToken(), base.amountIn(), base.outputToken(),
                base.minAmountOut(), 0, FEE_RECIPIENT, base.acquisitionMode(), "0x", BigInteger.ZERO, base.steps(),
                base.quotedAt(), base.deadline(), base.expiry(), base.gasEstimate());
        var p = Decoded.executeRoute(Hex.decode(builder.build(call).data())).params();
        assertThat(Hex.encode(p.quoteId.getValue()))
                .isEqualTo(RouterAbi.topic("2b1c6f8e-7a4d-4f52-9d0e-6c1f3a2b5d77").value());
        assertThat(p.feeBps.getValue().intValue()).isZero();
        assertThat(Address.evm(p.feeRecipient.getValue())).as("no fee, no recipient").isEqualTo(Address.ZERO);
    }

    @Test
    void badTermsAreRejectedNamingTheParameter() {
        RouteCall base = usdcToWeth(AcquisitionMode.DIRECT_TRANSFER);
        assertThatThrownBy(() -> new RouteCall(base.quoteId(), base.chain(), base.router(), base.sender(),
                base.receiver(), base.inputToken(), base.amountIn(), base.outputToken(), base.minAmountOut(), 10_001,
                FEE_RECIPIENT, base.acquisitionMode(), "0x", BigInteger.ZERO, base.steps(), 0, 0, 0, 0))
                .isInstanceOf(CalldataException.class).hasMessageStartingWith("feeBps");
        assertThatThrownBy(() -> new RouteCall(base.quoteId(), base.chain(), base.router(), base.sender(),
                base.receiver(), base.inputToken(), base.amountIn(), base.outputToken(), base.minAmountOut(), 0,
                FEE_RECIPIENT, base.acquisitionMode(), "0xabc", BigInteger.ZERO, base.steps(), 0, 0, 0, 0))
                .isInstanceOf(CalldataException.class).hasMessageStartingWith("destinationCallData");
        assertThatThrownBy(() -> new RouteCall(base.quoteId(), ChainId.SOLANA, null, base.sender(),
                base.receiver(), base.inputToken(), base.amountIn(), base.outputToken(), base.minAmountOut(), 0,
                FEE_RECIPIENT, base.acquisitionMode(), "0x", BigInteger.ZERO, base.steps(), 0, 0, 0, 0))
                .isInstanceOf(CalldataException.class).hasMessageStartingWith("fromChain");
        assertThatThrownBy(() -> new RouteCall(base.quoteId(), base.chain(), base.router(), base.sender(),
                base.receiver(), base.inputToken(), base.amountIn(), base.outputToken(), base.minAmountOut(), 0,
                FEE_RECIPIENT, base.acquisitionMode(), "0xabcd", BigInteger.ZERO, base.steps(), 0, 0, 0, 0))
                .isInstanceOf(CalldataException.class).hasMessageStartingWith("destinationGasLimit");
        assertThatThrownBy(() -> new RouteCall(base.quoteId(), base.chain(), base.router(), base.sender(),
                base.receiver(), base.inputToken(), base.amountIn(), base.outputToken(), base.minAmountOut(), 0,
                FEE_RECIPIENT, base.acquisitionMode(), "0xabcd", BigInteger.ONE, base.steps(), 0, 0, 0, 0,
                base.router())).isInstanceOf(CalldataException.class).hasMessageStartingWith("fallbackAddress");
    }

    @Test
    void theFallbackAddressIsInRouteParamsAndInTheDestinationLeg() {
        BridgeLane lane = lane("stargate", ETH, ARB, ETH_USDC, ARB_USDC);
        RouteCall base = route(ETH, ETH_USDC, "1000000000", ARB_USDC, RECEIVER, "994403000",
                AcquisitionMode.DIRECT_TRANSFER, "0xa9059cbb", BigInteger.valueOf(80_000),
                List.of(bridge(lane, 1_000_000_000L, 999_400_000L, 994_403_000L)));
        var sent = Decoded.executeRoute(Hex.decode(builder.build(base).data()));
        assertThat(Address.evm(sent.params().fallbackAddress.getValue())).as("the sender by default")
                .isEqualTo(base.sender());
        Address fallback = Address.evm("0x00000000000000000000000000000000000fa11b");
        RouteCall call = new RouteCall(base.quoteId(), base.chain(), base.router(), base.sender(), base.receiver(),
                base.inputToken(), base.amountIn(), base.outputToken(), base.minAmountOut(), base.feeBps(),
                base.feeRecipient(), base.acquisitionMode(), base.destinationCallData(), base.destinationGasLimit(),
                base.steps(), base.quotedAt(), base.deadline(), base.expiry(), base.gasEstimate(), fallback);
        var exec = Decoded.executeRoute(Hex.decode(builder.build(call).data()));
        assertThat(Address.evm(exec.params().fallbackAddress.getValue())).isEqualTo(fallback);
        byte[] data = exec.steps().get(0).data.getValue();
        List<Type> a = Decoded.args(data, List.of(new TypeReference<ProtocolStructs.SendParam>() { },
                new TypeReference<ProtocolStructs.MessagingFee>() { }, BridgeStepDecodeTest.ADDRESS));
        var leg = Decoded.destinationMessage(((ProtocolStructs.SendParam) a.get(0)).composeMsg.getValue());
        assertThat(Address.evm(leg.params().fallbackAddress.getValue())).isEqualTo(fallback);
    }

    @Test
    void adaptersAreDerivedFromRouterAndProviderKey() {
        // Expected values from ethers: keccak256(solidityPacked([address,string],[router,"junction-adapter:"+key]))[12:]
        assertThat(Adapters.of(ETH_ROUTER, "uniswap-v2"))
                .isEqualTo(Address.evm("0x302cd1A168568E7Dc1dFC198d41bD4d468D2B1C3"));
        assertThat(Adapters.of(ETH_ROUTER, "Across")).isEqualTo(Address.evm("0x0CdC98f4ae80739f1656A2296D4b4D4e9001C715"));
        assertThat(Adapters.of(ARB_ROUTER, "across")).isNotEqualTo(Adapters.of(ETH_ROUTER, "across"));
    }

    /** USDC bridged by {@code provider} from Ethereum to Arbitrum, then swapped to WETH there. */
    static RouteCall crossChainWithDestinationSwap(String provider, String destinationCallData) {
        BridgeLane lane = lane(provider, ETH, ARB, ETH_USDC, ARB_USDC);
        var arbPool = new ConstantProductPool("arb:sushiswap:usdc-weth", ARB, "sushiswap", ARB_USDC,
                ARB_WETH, new BigInteger("50000000000000"), new BigInteger("20000000000000000000000"), 30, 1e8);
        return route(ETH, ETH_USDC, "1000000000", ARB_WETH, RECEIVER, "390000000000000000", AcquisitionMode.DIRECT_TRANSFER,
                destinationCallData, BigInteger.valueOf(150_000), List.of(bridge(lane, 1_000_000_000L, 999_400_000L,
                        994_403_000L), swap(arbPool, ARB_USDC, ARB_WETH, "999400000", "395000000000000000",
                        "390000000000000000")));
    }

    @Test
    void aBridgeBeforeMoreStepsPaysTheDestinationRouterAndCarriesTheDestinationLeg() {
        RouteCall call = crossChainWithDestinationSwap("across", "0xcafe");
        var exec = Decoded.executeRoute(Hex.decode(builder.build(call).data()));
        assertThat(exec.steps()).as("the user signs every step, on both chains").hasSize(2);
        assertThat(Address.evm(exec.steps().get(1).adapter.getValue())).isEqualTo(Adapters.of(ARB_ROUTER, "sushiswap"));

        byte[] across = exec.steps().get(0).data.getValue();
        List<Type> a = BridgeStepDecodeTest.acrossDeposit(across);
        assertThat(BridgeStepDecodeTest.hex(a.get(1))).isEqualTo(BridgeStepDecodeTest.word(ARB_ROUTER));
        byte[] message = (byte[]) a.get(10).getValue();

        var leg = Decoded.destinationMessage(message);
        assertThat(Hex.encode(leg.params().quoteId.getValue())).isEqualTo(QUOTE_ID);
        assertThat(Address.evm(leg.params().inputToken.getValue())).isEqualTo(ARB_USDC);
        assertThat(leg.params().amountIn.getValue()).isEqualTo(BigInteger.valueOf(999_400_000L));
        assertThat(Address.evm(leg.params().outputToken.getValue())).isEqualTo(ARB_WETH);
        assertThat(leg.params().minAmountOut.getValue()).isEqualTo(new BigInteger("390000000000000000"));
        assertThat(Address.evm(leg.params().receiver.getValue())).isEqualTo(RECEIVER);
        assertThat(leg.params().deadline.getValue()).isEqualTo(BigInteger.valueOf(DEADLINE + 480));
        assertThat(leg.params().feeBps.getValue().intValue()).as("the fee was taken on the source chain").isZero();
        assertThat(Hex.encode(leg.params().destinationCallData.getValue())).isEqualTo("0xcafe");
        assertThat(leg.params().destinationGasLimit.getValue()).isEqualTo(BigInteger.valueOf(150_000));
        assertThat(leg.steps()).hasSize(1);
        assertThat(Hex.encode(leg.steps().get(0).data.getValue()))
                .isEqualTo(Hex.encode(exec.steps().get(1).data.getValue()));
    }

    @Test
    void aLastBridgeWithADestinationCallStillGoesThroughTheDestinationRouter() {
        BridgeLane lane = lane("stargate", ETH, ARB, ETH_USDC, ARB_USDC);
        RouteCall call = route(ETH, ETH_USDC, "1000000000", ARB_USDC, RECEIVER, "994403000", AcquisitionMode.DIRECT_TRANSFER,
                "0xa9059cbb", BigInteger.valueOf(80_000), List.of(bridge(lane, 1_000_000_000L, 999_400_000L, 994_403_000L)));
        byte[] data = Decoded.executeRoute(Hex.decode(builder.build(call).data())).steps().get(0).data.getValue();
        List<Type> a = Decoded.args(data, List.of(new TypeReference<ProtocolStructs.SendParam>() { },
                new TypeReference<ProtocolStructs.MessagingFee>() { }, BridgeStepDecodeTest.ADDRESS));
        var p = (ProtocolStructs.SendParam) a.get(0);
        assertThat(Hex.encode(p.to.getValue())).isEqualTo(BridgeStepDecodeTest.word(ARB_ROUTER));
        assertThat(Hex.encode(p.extraOptions.getValue())).as("type-3 options, lzCompose index 0, 80000 gas")
                .isEqualTo("0x0003010013030000" + "00000000000000000000000000013880");
        var leg = Decoded.destinationMessage(p.composeMsg.getValue());
        assertThat(leg.steps()).isEmpty();
        assertThat(Hex.encode(leg.params().destinationCallData.getValue())).isEqualTo("0xa9059cbb");
    }

    @Test
    void aBridgeWithoutMessagesPaysTheDestinationRouterWhenStepsFollow() {
        RouteCall call = crossChainWithDestinationSwap("cctp", "0x");
        byte[] data = Decoded.executeRoute(Hex.decode(builder.build(call).data())).steps().get(0).data.getValue();
        List<Type> a = BridgeStepDecodeTest.cctpBurn(data);
        assertThat(Hex.encode((byte[]) a.get(1).getValue())).isEqualTo(BridgeStepDecodeTest.word(ARB_ROUTER));
        assertThat(Hex.encode((byte[]) a.get(3).getValue())).as("the sandbox has no receiver: it runs the leg itself")
                .isEqualTo("0x");
    }

    @Test
    void stepsAfterABridgeNeedARouterOnTheDestination() {
        BridgeLane lane = lane("across", ETH, ChainId.SOLANA, ETH_USDC, SOLANA_TOKEN);
        RouteCall call = route(ETH, ETH_USDC, "1000000000", SOLANA_TOKEN, SOLANA_WALLET, "1", AcquisitionMode.DIRECT_TRANSFER,
                "0x1234", BigInteger.valueOf(100_000), List.of(bridge(lane, 1_000_000_000L, 999_400_000L, 994_403_000L)));
        assertThatThrownBy(() -> builder.build(call)).isInstanceOf(CalldataException.class)
                .hasMessageStartingWith("toChain");
    }

    @Test
    void aSolanaReceiverIsZeroInRouteParamsAndExactInTheBridgeCall() {
        BridgeLane lane = lane("across", ETH, ChainId.SOLANA, ETH_USDC, SOLANA_TOKEN);
        RouteCall call = route(ETH, ETH_USDC, "1000000000", SOLANA_TOKEN, SOLANA_WALLET, "1", AcquisitionMode.DIRECT_TRANSFER,
                "0x", BigInteger.ZERO, List.of(bridge(lane, 1_000_000_000L, 999_400_000L, 994_403_000L)));
        var exec = Decoded.executeRoute(Hex.decode(builder.build(call).data()));
        assertThat(Address.evm(exec.params().receiver.getValue())).isEqualTo(Address.ZERO);
        assertThat(Address.evm(exec.params().outputToken.getValue())).isEqualTo(Address.ZERO);
        assertThat(Hex.encode(exec.steps().get(0).data.getValue()))
                .contains(BridgeStepDecodeTest.word(SOLANA_WALLET).substring(2));
    }

}
