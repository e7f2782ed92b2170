package dev.junction.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.calldata.BridgeCall;
import dev.junction.calldata.RouteCall;
import dev.junction.calldata.RouterAbi;
import dev.junction.chain.Bytes32;
import dev.junction.calldata.TransactionBuilder;
import dev.junction.chain.AcquisitionMode;
import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The router's topics and entry points chain-mode /status reads (Across's are its room's: AcrossTrackingTest). */
class RouteLogsTest {

    static final ChainId ETH = ChainId.of(1);
    static final ChainId ARB = ChainId.of(42161);
    static final Address USDC = Address.evm("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    static final Address ARB_USDC = Address.evm("0xaf88d065e77c8cC2239327C5EDb3A432268e5831");
    static final Address ROUTER = Address.evm("0x1000000000000000000000000000000000000001");
    static final Address WALLET = Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");

    @Test
    void theRoutersTopicsAreItsEventsAndSelectorsItsEntryPoints() {
        assertThat(RouteLogs.ROUTE_EXECUTED).isEqualTo(RouterAbi.topic(
                "RouteExecuted(bytes32,address,address,address,uint256,address,uint256)"));
        assertThat(RouteLogs.DESTINATION_FALLBACK).isEqualTo(RouterAbi.topic(
                "DestinationFallback(bytes32,address,address,uint256)"));
        assertThat(RouteLogs.terms("0x12345678")).isEmpty();
        assertThat(RouteLogs.terms(RouteLogs.EXECUTE_ROUTE + "00")).isEmpty();
    }

    @Test
    void aPendingBridgeRoutesDestinationIsReadFromItsStepDataByTheBridgesRoom() {
        assertThat(destination("across")).as("Across's adapter data names it").isEqualTo(ARB.value());
        assertThat(destination("cctp")).as("CCTP's room reads its adapter data").isEqualTo(ARB.value());
    }

    /** The destination chain the terms of a one-bridge route over a lane of {@code provider} name. */
    static long destination(String provider) {
        BridgeLane lane = new BridgeLane(provider, ETH, ARB, USDC, ARB_USDC, BigInteger.ZERO, 5, 0.5, 120, 240,
                BigInteger.ONE, new BigInteger("10000000000000"), 90_000);
        BridgeCall bridge = new BridgeCall(lane, ROUTER, null, Amount.of(1_000_000), Amount.of(999_000),
                Amount.of(998_000));
        RouteCall call = new RouteCall("0x" + "ab".repeat(32), ETH, ROUTER, WALLET, WALLET, USDC, Amount.of(1_000_000),
                ARB_USDC, Amount.of(998_000), 0, Address.ZERO, AcquisitionMode.DIRECT_TRANSFER, "0x", BigInteger.ZERO,
                List.of(bridge), 1_893_456_000L, 1_893_457_800L, 1_893_456_060L, 150_000);
        RouteLogs.Terms terms = RouteLogs.terms(new TransactionBuilder().build(call).data()).orElseThrow();
        assertThat(terms.steps()).hasSize(1);
        assertThat(terms.steps().getFirst().kind()).isEqualTo(RouterAbi.KIND_BRIDGE);
        return terms.steps().getFirst().destinationChain();
    }
}
