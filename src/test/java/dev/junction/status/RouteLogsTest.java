package dev.junction.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.calldata.RouterAbi;
import dev.junction.chain.Bytes32;
import org.junit.jupiter.api.Test;

/**
 * The event topics chain-mode /status reads: Across's, compared with the values of its npm ABI
 * ({@code @across-protocol/contracts@5.0.27}, printed by ethers v6), and the router's own.
 */
class RouteLogsTest {

    @Test
    void theAcrossTopicsAreThoseOfItsAbi() {
        assertThat(RouteLogs.FUNDS_DEPOSITED)
                .isEqualTo(Bytes32.of("0x32ed1a409ef04c7b0227189c3a103dc5ac10e775a15b785dcc510201f7c25ad3"));
        assertThat(RouteLogs.FILLED_RELAY)
                .isEqualTo(Bytes32.of("0x44b559f101f8fbcc8a0ea43fa91a05a729a5ea6e14a7c75aa750374690137208"));
        assertThat(RouteLogs.FILLED_V3_RELAY)
                .isEqualTo(Bytes32.of("0x571749edf1d5c9599318cdbc4e28a6475d65e87fd3b2ddbe1e9a8d5e7a0f0ff7"));
        assertThat(RouteLogs.V3_FUNDS_DEPOSITED)
                .isEqualTo(Bytes32.of("0xa123dc29aebf7d0c3322c8eeb5b999e859f39937950ed31056532713d0de396f"));
    }

    @Test
    void theRoutersTopicsAreItsEventsAndSelectorsItsEntryPoints() {
        assertThat(RouteLogs.ROUTE_EXECUTED).isEqualTo(RouterAbi.topic(
                "RouteExecuted(bytes32,address,address,address,uint256,address,uint256)"));
        assertThat(RouteLogs.DESTINATION_FALLBACK).isEqualTo(RouterAbi.topic(
                "DestinationFallback(bytes32,address,address,uint256)"));
        assertThat(RouteLogs.terms("0x12345678")).isEmpty();
        assertThat(RouteLogs.terms(RouteLogs.EXECUTE_ROUTE + "00")).isEmpty();
    }
}
