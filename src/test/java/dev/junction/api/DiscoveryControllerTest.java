package dev.junction.api;

import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;

/** The discovery endpoints answer the embedded snapshot's real facts through the envelope. */
@SpringBootTest
@AutoConfigureMockMvc
class DiscoveryControllerTest {

    private static final String USDC_ETHEREUM = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

    @Autowired
    MockMvc mvc;

    @Test
    void chainsListsTheNineChainsWithNativeTokenAndLogo() throws Exception {
        mvc.perform(get("/chains")).andExpect(status().isOk())
                .andExpect(jsonPath("$.code", is(0)))
                .andExpect(jsonPath("$.message", is("ok")))
                .andExpect(jsonPath("$.data.chains", hasSize(9)))
                .andExpect(jsonPath("$.data.chains[?(@.id == 42161)].nativeToken.symbol", hasItem("ETH")))
                .andExpect(jsonPath("$.data.chains[?(@.id == 42161)].nativeToken.address",
                        hasItem("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE")))
                .andExpect(jsonPath("$.data.chains[?(@.id == 56)].nativeToken.symbol", hasItem("BNB")))
                .andExpect(jsonPath("$.data.chains[?(@.id == 8453)].wrappedNativeToken.address",
                        hasItem("0x4200000000000000000000000000000000000006")))
                .andExpect(jsonPath("$.data.chains[?(@.id == 1151111081099710)].evm", hasItem(false)))
                .andExpect(jsonPath("$.data.chains[?(@.id == 1151111081099710)].router", hasItem(nullValue())))
                .andExpect(jsonPath("$.data.chains[*].logo", everyItem(startsWith("https://"))));
    }

    @Test
    void tokensFiltersByChainAndSymbolCaseInsensitively() throws Exception {
        mvc.perform(get("/tokens").param("chain", "42161").param("symbol", "usdc")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data.tokens", hasSize(1)))
                .andExpect(jsonPath("$.data.tokens[0].address", is("0xaf88d065e77c8cC2239327C5EDb3A432268e5831")))
                .andExpect(jsonPath("$.data.tokens[0].decimals", is(6)))
                .andExpect(jsonPath("$.data.tokens[0].chain", is(42161)));
        mvc.perform(get("/tokens").param("chain", "56").param("symbol", "USDT")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data.tokens", hasSize(1)))
                .andExpect(jsonPath("$.data.tokens[0].address", is("0x55d398326f99059fF775485246999027B3197955")))
                .andExpect(jsonPath("$.data.tokens[0].decimals", is(18)));
        mvc.perform(get("/tokens").param("symbol", "WeTh")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data.tokens[?(@.chain == 8453)].address",
                        hasItem("0x4200000000000000000000000000000000000006")))
                .andExpect(jsonPath("$.data.tokens[?(@.chain == 10)].address",
                        hasItem("0x4200000000000000000000000000000000000006")))
                .andExpect(jsonPath("$.data.tokens[*].symbol", everyItem(is("WETH"))));
        mvc.perform(get("/tokens")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data.tokens.length()", greaterThanOrEqualTo(120)));
    }

    @Test
    void tokensRefusesAnUnknownOrMalformedChain() throws Exception {
        mvc.perform(get("/tokens").param("chain", "999")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.code", is(1005)))
                .andExpect(jsonPath("$.data.param", is("chain")));
        mvc.perform(get("/tokens").param("chain", "abc")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.code", is(1002)))
                .andExpect(jsonPath("$.data.param", is("chain")));
    }

    @Test
    void providersGiveKeyAsNameWithTypeAndIcon() throws Exception {
        mvc.perform(get("/v1/providers")).andExpect(status().isOk())
                .andExpect(jsonPath("$.data.providers[?(@.name == 'uniswap-v3')].type", hasItem("dex")))
                .andExpect(jsonPath("$.data.providers[?(@.name == 'cctp')].type", hasItem("bridge")))
                .andExpect(jsonPath("$.data.providers[?(@.name == 'across')].displayName", hasItem("Across")))
                .andExpect(jsonPath("$.data.providers[*].name", hasItems("uniswap-v2", "sushiswap", "pancakeswap",
                        "curve", "aerodrome", "velodrome", "camelot", "quickswap", "trader-joe", "stargate", "hop",
                        "wormhole", "celer")));
    }

    @Test
    void connectionsListLanesWithFeeAndLatency() throws Exception {
        mvc.perform(get("/connections").param("fromChain", "1").param("toChain", "42161")
                        .param("fromToken", USDC_ETHEREUM))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.connections[*].provider.name", hasItems("cctp", "across", "stargate")))
                .andExpect(jsonPath("$.data.connections[*].fromToken.address", everyItem(is(USDC_ETHEREUM))))
                .andExpect(jsonPath("$.data.connections[*].toChain", everyItem(is(42161))))
                .andExpect(jsonPath("$.data.connections[?(@.provider.name == 'cctp')].fee.bps", hasItem(0)))
                .andExpect(jsonPath("$.data.connections[?(@.provider.name == 'cctp')].fee.fixed", hasItem("0")))
                .andExpect(jsonPath("$.data.connections[?(@.provider.name == 'cctp')].estimatedTime.p50Seconds",
                        hasItem(960)))
                .andExpect(jsonPath("$.data.connections[?(@.provider.name == 'cctp')].toToken.address",
                        hasItem("0xaf88d065e77c8cC2239327C5EDb3A432268e5831")))
                .andExpect(jsonPath("$.data.connections[?(@.provider.name == 'across')].fee.bps", hasItem(4)));
    }

    @Test
    void connectionsNeedFromChainWithFromTokenAndAListedToken() throws Exception {
        mvc.perform(get("/connections").param("fromToken", USDC_ETHEREUM)).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.code", is(1001)))
                .andExpect(jsonPath("$.data.param", is("fromChain")));
        mvc.perform(get("/connections").param("fromChain", "1")
                        .param("fromToken", "0x000000000000000000000000000000000000dEaD"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.code", is(1006)))
                .andExpect(jsonPath("$.data.param", is("fromToken")));
        mvc.perform(get("/connections").param("toChain", "12345")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.code", is(1005)))
                .andExpect(jsonPath("$.data.param", is("toChain")));
    }

    @Test
    void theOpenApiDocumentListsTheDiscoveryEndpoints() throws Exception {
        mvc.perform(get("/v3/api-docs")).andExpect(status().isOk())
                .andExpect(jsonPath("$.paths['/chains'].get.summary").exists())
                .andExpect(jsonPath("$.paths['/v1/chains']").doesNotExist()) // the alias is described, not listed
                .andExpect(jsonPath("$.paths['/tokens'].get.parameters[*].name", hasItems("chain", "symbol")))
                .andExpect(jsonPath("$.paths['/providers'].get.tags", hasItem("discovery")))
                .andExpect(jsonPath("$.paths['/connections'].get.parameters[*].name",
                        hasItems("fromChain", "toChain", "fromToken")));
    }
}
