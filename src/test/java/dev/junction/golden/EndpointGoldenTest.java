package dev.junction.golden;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.SimulationClock;
import dev.junction.support.SettableClock;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import org.web3j.crypto.ECDSASignature;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Sign;
import org.web3j.crypto.StructuredDataEncoder;
import org.web3j.utils.Numeric;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Golden answers of every endpoint (issue 35): a fixed set of requests against the default snapshot market, each
 * answer (HTTP status and body, byte for byte as the service writes it, only re-indented) compared with its file in
 * {@code src/test/resources/golden/<case>.json}. It guards refactors that must not change behaviour: one wei of an
 * amount, one byte of calldata, a key's order or an error's message changed fails the case that shows it, with a
 * diff.
 *
 * <p>What would differ run by run is frozen or named: the clock is fixed at {@link #NOW} (quote expiries, calldata
 * and permit deadlines, status times), the living market is off and so is the swap runner (a submitted swap stays as
 * submitted and moves no pool). What comes from a random source is replaced by a placeholder in every form it takes,
 * so everything derived from it is still pinned: a /quote {@code quoteId} ({@code <quoteId-1>}, also inside
 * {@code pathId}s and as {@code keccak256(quoteId)} in calldata), the quote id word of a build whose quote the case
 * never sees (read from its calldata), a gasless {@code quoteId} (also inside its {@code innerData} and witness), the
 * Celer and Wormhole bridge nonces calldata takes from a quote id, the Permit2 nonce, the {@code callDataHash}
 * (checked to be keccak256 of the {@code innerData} before it is replaced), the signature a case sends, and a
 * submitted swap's {@code swapId}, {@code executorTxId} and source transaction hash. Placeholders are numbered per
 * case. The cases run in their order on one application context; each makes the requests it needs itself.
 *
 * <p>To create or update the files after an intended change, run
 * {@code ./mvnw -B -ntp -o test -Dtest=EndpointGoldenTest -Dgolden.update=true} and review the diff of
 * {@code src/test/resources/golden/}; without the property a difference fails the case.
 */
@SpringBootTest(properties = {"junction.market.source=snapshot", "junction.market.living=false",
    "junction.execution.runner-enabled=false"})
@AutoConfigureMockMvc
@Import(EndpointGoldenTest.FrozenClock.class)
class EndpointGoldenTest {

    static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    static final Path GOLDEN = Path.of("src/test/resources/golden");
    static final boolean UPDATE = Boolean.getBoolean("golden.update");

    static final String NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
    static final String USDC_ETH = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    static final String WETH_ETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
    static final String USDC_ARB = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
    static final String WETH_ARB = "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1";
    static final String USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
    static final String USDC_SOL = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
    static final String WETH_SOL = "7vfCXTUXx5WJV5JADk17DUJ4ksgau7utNKj4b963voxs";
    static final String SOLANA = "1151111081099710";
    static final String SOL_WALLET = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
    /** EIP-55 vector from the EIP; the sender of the wallet-signed cases. */
    static final String WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    static final String RECEIVER = "0x1111111111111111111111111111111111111111";
    /** An integrator named by its fee recipient address (what a build with feeBps needs). */
    static final String INTEGRATOR = "0x2222222222222222222222222222222222222222";
    /** Anvil's first account: the owner who signs the gasless permits. */
    static final String OWNER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
    static final String OWNER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    /** Anvil's second account: signs where the owner should have. */
    static final String STRANGER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

    static final JsonMapper JSON = JsonMapper.builder().build();

    @TestConfiguration(proxyBeanMethods = false)
    static class FrozenClock {
        /**
         * The Clock quotes and builds read (QuoteService, BuildService): {@link #NOW}, moved only by the cases about
         * expiry (and put back).
         */
        @Bean
        @Primary
        SettableClock goldenClock() {
            return new SettableClock(NOW);
        }

        /** The clock of gasless deadlines, the embedded network and /status, on the same fixed time. */
        @Bean
        @Primary
        SimulationClock goldenSimulationClock(SettableClock clock) {
            return new SimulationClock(clock, 1.0);
        }
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    SettableClock clock;

    /** One request and the service's answer as it came. */
    record Answer(String request, int status, String contentType, String body) {

        JsonNode json() {
            return JSON.readTree(body);
        }
    }

    /** One case: requests what it needs and returns the answer it pins, naming what varies in {@code volatiles}. */
    @FunctionalInterface
    interface Case {
        Answer run(Volatiles volatiles) throws Exception;
    }

    @TestFactory
    Stream<DynamicTest> everyEndpointAnswersAsPinned() {
        Map<String, Case> cases = cases();
        List<DynamicTest> tests = new ArrayList<>();
        cases.forEach((name, c) -> tests.add(DynamicTest.dynamicTest(name, () -> check(name, c))));
        tests.add(DynamicTest.dynamicTest("no golden file without a case", () -> noStaleFiles(cases.keySet())));
        return tests.stream();
    }

    private Map<String, Case> cases() {
        Map<String, Case> c = new LinkedHashMap<>();

        // discovery
        c.put("chains", v -> get("/chains"));
        c.put("providers", v -> get("/providers"));
        c.put("tokens-by-chain-and-symbol", v -> get("/tokens", "chain", "42161", "symbol", "usdc"));
        c.put("tokens-by-chain", v -> get("/tokens", "chain", "8453"));
        c.put("connections-between-two-chains", v -> get("/connections", "fromChain", "1", "toChain", "42161"));
        c.put("connections-of-a-token", v -> get("/connections", "fromChain", "1", "fromToken", USDC_ETH));
        c.put("tokens-error-unknown-chain", v -> get("/tokens", "chain", "999"));
        c.put("connections-error-token-without-chain", v -> get("/connections", "fromToken", USDC_ETH));

        // quotes
        c.put("quote-same-chain", v -> quote(v, "fromChain", "1", "toChain", "1", "fromToken", USDC_ETH,
                "toToken", WETH_ETH, "amount", "1000000000", "sender", WALLET));
        c.put("quote-cross-chain-native-in", v -> quote(v, "fromChain", "1", "toChain", "42161", "fromToken",
                NATIVE, "toToken", USDC_ARB, "amount", "1000000000000000000", "sender", WALLET, "slippage", "0.5"));
        c.put("quote-cross-chain-native-out", v -> quote(v, "fromChain", "1", "toChain", "42161", "fromToken",
                USDC_ETH, "toToken", NATIVE, "amount", "2500000000", "sender", WALLET));
        c.put("quote-same-chain-native-out", v -> quote(v, "fromChain", "8453", "toChain", "8453", "fromToken",
                USDC_BASE, "toToken", NATIVE, "amount", "500000000", "sender", WALLET));
        for (String mode : List.of("max_value", "fastest", "suggested")) {
            c.put("quote-route-mode-" + mode, v -> quote(v, "fromChain", "1", "toChain", "42161", "fromToken",
                    USDC_ETH, "toToken", USDC_ARB, "amount", "1000000000", "sender", WALLET, "routeMode", mode));
        }
        c.put("quote-route-mode-unknown", v -> quote(v, "fromChain", "1", "toChain", "42161", "fromToken", USDC_ETH,
                "toToken", USDC_ARB, "amount", "1000000000", "sender", WALLET, "routeMode", "cheapest"));
        c.put("quote-integrator-fee", v -> quote(v, "fromChain", "1", "toChain", "42161", "fromToken", NATIVE,
                "toToken", USDC_ARB, "amount", "500000000000000000", "sender", WALLET, "receiver", RECEIVER,
                "slippage", "1", "feeBps", "20", "Integrator", "acme", "Referrer", "partner-9"));
        c.put("quote-include-provider", v -> quote(v, "fromChain", "1", "toChain", "42161", "fromToken", USDC_ETH,
                "toToken", WETH_ARB, "amount", "1000000000", "sender", WALLET, "includeProvider", "across",
                "includeProvider", "UNISWAP-V3", "includeProvider", "camelot,sushiswap"));
        c.put("quote-exclude-provider", v -> quote(v, "fromChain", "1", "toChain", "42161", "fromToken", USDC_ETH,
                "toToken", WETH_ARB, "amount", "1000000000", "sender", WALLET, "excludeProvider", "across,cctp"));
        c.put("quote-multi-bridge", v -> quote(v, "fromChain", "59144", "toChain", SOLANA, "fromToken", NATIVE,
                "toToken", USDC_SOL, "amount", "1000000000000000000", "sender", WALLET, "receiver", SOL_WALLET,
                "allowMultiBridge", "true"));
        c.put("quote-to-solana", v -> quote(v, "fromChain", "1", "toChain", SOLANA, "fromToken", USDC_ETH,
                "toToken", USDC_SOL, "amount", "1000000000", "sender", WALLET, "receiver", SOL_WALLET));
        c.put("quote-error-bad-checksum", v -> get("/quote", validQuote("sender",
                "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")));
        c.put("quote-error-unknown-token", v -> get("/quote", validQuote("toToken",
                "0x000000000000000000000000000000000000dEaD")));
        c.put("quote-error-amount-zero", v -> get("/quote", validQuote("amount", "0")));
        c.put("quote-error-missing-amount", v -> get("/quote", validQuote("amount", null)));
        c.put("quote-error-unknown-chain", v -> get("/quote", validQuote("toChain", "424242")));
        c.put("quote-error-fee-too-high", v -> get("/quote", validQuote("feeBps", "10001")));
        c.put("quote-error-unknown-provider", v -> get("/quote", validQuote("excludeProvider", "nosuchswap")));
        c.put("quote-error-same-token", v -> get("/quote", validQuote("toChain", "1", "toToken", NATIVE)));
        c.put("quote-error-slippage-out-of-range", v -> get("/quote", validQuote("slippage", "51")));

        // builds
        c.put("build-best-path-cross-chain-with-route", v -> buildBestPath(v, "fromChain", "1", "toChain", "42161",
                "fromToken", NATIVE, "toToken", USDC_ARB, "amount", "1000000000000000000", "sender", WALLET,
                "includeRoute", "true"));
        c.put("build-best-path-same-chain-permit2", v -> buildBestPath(v, "fromChain", "1", "toChain", "1",
                "fromToken", USDC_ETH, "toToken", WETH_ETH, "amount", "1000000000", "sender", OWNER, "slippage", "1",
                "acquisitionMode", "2"));
        c.put("build-best-path-simulation-same-chain", v -> buildBestPath(v, "fromChain", "1", "toChain", "1",
                "fromToken", NATIVE, "toToken", USDC_ETH, "amount", "100000000000000000", "sender", WALLET,
                "simulation", "true"));
        c.put("build-best-path-simulation-cross-chain", v -> buildBestPath(v, "fromChain", "1", "toChain", "42161",
                "fromToken", USDC_ETH, "toToken", WETH_ARB, "amount", "1000000000", "sender", WALLET,
                "receiver", RECEIVER, "simulation", "true"));
        c.put("build-best-path-integrator-fee", v -> buildBestPath(v, "fromChain", "1", "toChain", "42161",
                "fromToken", NATIVE, "toToken", WETH_ARB, "amount", "1000000000000000000", "sender", WALLET,
                "slippage", "0.3", "feeBps", "30", "Integrator", INTEGRATOR, "Referrer", "partner-9"));
        c.put("build-best-path-fastest-min-output", v -> buildBestPath(v, "fromChain", "1", "toChain", "42161",
                "fromToken", USDC_ETH, "toToken", USDC_ARB, "amount", "1000000000", "sender", WALLET,
                "routeMode", "fastest", "minOutputAmount", "990000000"));
        c.put("build-best-path-celer", v -> buildBestPath(v, "fromChain", "1", "toChain", "42161", "fromToken",
                USDC_ETH, "toToken", WETH_ARB, "amount", "1000000000", "sender", WALLET, "excludeProvider",
                "across,cctp"));
        c.put("build-best-path-to-solana", v -> buildBestPath(v, "fromChain", "1", "toChain", SOLANA, "fromToken",
                USDC_ETH, "toToken", USDC_SOL, "amount", "1000000000", "sender", WALLET, "receiver", SOL_WALLET));
        c.put("build-best-path-wormhole-to-solana", v -> buildBestPath(v, "fromChain", "1", "toChain", SOLANA,
                "fromToken", WETH_ETH, "toToken", WETH_SOL, "amount", "1000000000000000000", "sender", WALLET,
                "receiver", SOL_WALLET, "includeProvider", "wormhole"));
        c.put("build-path-without-path-id", v -> buildPath(v, body(usdcToArbitrum())));
        c.put("build-path-with-path-id", v -> buildPathOfQuote(v, 1, false));
        c.put("build-path-with-path-id-simulation", v -> buildPathOfQuote(v, 0, true));
        c.put("build-best-path-error-missing-sender", v -> get("/build-best-path", validQuote("sender", null)));
        c.put("build-best-path-error-amount-zero", v -> get("/build-best-path", validQuote("amount", "0")));
        c.put("build-best-path-error-fee-without-recipient", v -> get("/build-best-path", validQuote("feeBps", "30",
                "Integrator", "acme")));
        c.put("build-best-path-error-min-output-unreachable", v -> get("/build-best-path",
                validQuote("minOutputAmount", "999999999999999")));
        c.put("build-path-error-unknown-path-id", v -> buildPath(v, body(usdcToArbitrum(),
                "pathId", "018f0000-0000-7000-8000-000000000000:0")));
        c.put("build-path-error-expired-path-id", this::buildPathOfExpiredQuote);
        c.put("build-path-error-amount-differs", v -> buildPathOfQuoteWith(v, "Amount", "1000000001"));
        c.put("build-path-error-missing-amount", v -> buildPath(v, body(usdcToArbitrum(), "Amount", null)));
        c.put("build-path-error-malformed-body", v -> buildPath(v, "{\"Amount\": \"1000000000\","));
        c.put("build-path-error-not-json", v -> post("/build-path", MediaType.TEXT_PLAIN_VALUE, "Amount=1"));

        // gasless
        c.put("gasless-quote-same-chain", v -> gaslessQuote(v, "fromChain", "1", "toChain", "1", "fromToken",
                USDC_ETH, "toToken", WETH_ETH, "amount", "1000000000", "sender", OWNER, "acquisitionMode", "2"));
        c.put("gasless-quote-cross-chain-witness", v -> gaslessQuote(v, crossChainGasless()));
        c.put("gasless-quote-speed", v -> gaslessQuote(v, "fromChain", "1", "toChain", "42161", "fromToken",
                USDC_ETH, "toToken", USDC_ARB, "amount", "5000000000", "sender", OWNER, "receiver", RECEIVER,
                "acquisitionMode", "2", "rankingMode", "speed_max", "slippage", "0.3"));
        c.put("gasless-quote-balanced", v -> gaslessQuote(v, "fromChain", "1", "toChain", "42161", "fromToken",
                USDC_ETH, "toToken", USDC_ARB, "amount", "5000000000", "sender", OWNER, "acquisitionMode", "3",
                "rankingMode", "balanced", "includeProvider", "across,cctp,uniswap-v3"));
        c.put("gasless-submit-swap", v -> submitSigned(v, gaslessQuote(v, crossChainGasless()), OWNER_KEY));
        c.put("gasless-submit-swap-again", v -> {
            Answer quote = gaslessQuote(v, crossChainGasless());
            submitSigned(v, quote, OWNER_KEY);
            return submitSigned(v, quote, OWNER_KEY);
        });
        c.put("status-of-submitted-swap", v -> {
            Answer submitted = submitSigned(v, gaslessQuote(v, crossChainGasless()), OWNER_KEY);
            return get("/status", "txHash", submitted.json().at("/data/executionTxHash").asString(),
                    "fromChainId", "1", "userAddress", OWNER);
        });
        c.put("gasless-quote-error-direct-transfer-mode", v -> get("/gasless/quote", with(crossChainGasless(),
                "acquisitionMode", "0")));
        c.put("gasless-quote-error-native-input", v -> get("/gasless/quote", with(crossChainGasless(),
                "fromToken", NATIVE)));
        c.put("gasless-quote-error-ranking-mode", v -> get("/gasless/quote", with(crossChainGasless(),
                "rankingMode", "max_value")));
        c.put("gasless-quote-error-missing-acquisition-mode", v -> get("/gasless/quote", with(crossChainGasless(),
                "acquisitionMode", null)));
        c.put("gasless-quote-error-amount-too-low", v -> get("/gasless/quote", with(crossChainGasless(),
                "amount", "1000")));
        c.put("gasless-submit-error-unknown-quote", v -> submit(v, "0x" + "ab".repeat(32),
                "0x" + "11".repeat(64) + "1b"));
        c.put("gasless-submit-error-malformed-signature", v -> {
            Answer quote = gaslessQuote(v, crossChainGasless());
            return submit(v, quote.json().at("/data/0/quoteId").asString(), "0x1234");
        });
        c.put("gasless-submit-error-wrong-signer", v -> submitSigned(v, gaslessQuote(v, crossChainGasless()),
                STRANGER_KEY));
        c.put("gasless-submit-error-other-signature", v -> {
            Answer quote = gaslessQuote(v, crossChainGasless());
            submitSigned(v, quote, OWNER_KEY);
            JsonNode item = quote.json().at("/data/0");
            String other = signWithOtherK(digest(item.get("eip712")), OWNER_KEY);
            v.add(other, "<other-signature>");
            return submit(v, item.get("quoteId").asString(), other);
        });
        c.put("gasless-submit-error-expired", v -> {
            Answer quote = gaslessQuote(v, with(crossChainGasless(), "deadlineMinutes", "1"));
            clock.set(NOW.plusSeconds(61));
            try {
                return submitSigned(v, quote, OWNER_KEY);
            } finally {
                clock.set(NOW);
            }
        });
        c.put("gasless-submit-error-missing-signature", v -> post("/gasless/submit-swap",
                MediaType.APPLICATION_JSON_VALUE, "{\"quoteId\":\"0x" + "ab".repeat(32) + "\"}"));

        // the /v1 prefix and what no endpoint answers
        c.put("v1-providers", v -> get("/v1/providers"));
        c.put("error-unknown-endpoint", v -> get("/routes"));
        c.put("quote-error-method-not-allowed", v -> post("/quote", MediaType.APPLICATION_JSON_VALUE, "{}"));

        // status
        c.put("status-unknown-hash", v -> get("/status", "txHash", "0x" + "ab".repeat(32), "fromChainId", "1"));
        c.put("status-error-bad-hash", v -> get("/status", "txHash", "0x1234", "fromChainId", "1"));
        c.put("status-error-missing-chain", v -> get("/status", "txHash", "0x" + "ab".repeat(32)));
        c.put("status-error-unknown-chain", v -> get("/status", "txHash", "0x" + "ab".repeat(32),
                "fromChainId", "424242"));
        return c;
    }

    // ---- the cases' requests

    static Map<String, String> validQuote(String... overrides) {
        return with(params("fromChain", "1", "toChain", "42161", "fromToken", NATIVE, "toToken", USDC_ARB,
                "amount", "1000000000000000000", "sender", WALLET), overrides);
    }

    static Map<String, String> crossChainGasless() {
        return params("fromChain", "1", "toChain", "42161", "fromToken", USDC_ETH, "toToken", WETH_ARB,
                "amount", "1000000000", "sender", OWNER, "acquisitionMode", "3", "deadlineMinutes", "30",
                "meta", "order-7", "feeBps", "20");
    }

    /** A /build-path body: {@code fields} with the extra keys put (a null value removes the key). */
    static String body(Map<String, Object> fields, Object... extra) {
        Map<String, Object> b = new LinkedHashMap<>(fields);
        for (int i = 0; i < extra.length; i += 2) {
            if (extra[i + 1] == null) {
                b.remove((String) extra[i]);
            } else {
                b.put((String) extra[i], extra[i + 1]);
            }
        }
        return JSON.writeValueAsString(b);
    }

    Answer quote(Volatiles v, String... kv) throws Exception {
        Answer a = get("/quote", params(kv));
        v.quoteIds(a.json().get("data"));
        return a;
    }

    Answer buildBestPath(Volatiles v, String... kv) throws Exception {
        Answer a = get("/build-best-path", params(kv));
        JsonNode data = a.json().get("data");
        if (data.hasNonNull("route")) {
            v.quoteIds(JSON.createArrayNode().add(data.get("route")));
        }
        if (data.hasNonNull("Tx")) {
            v.quoteIdWord(data.at("/Tx/data").asString());
        }
        return a;
    }

    Answer buildPath(Volatiles v, String body) throws Exception {
        Answer a = post("/build-path", MediaType.APPLICATION_JSON_VALUE, body);
        JsonNode data = a.json().get("data");
        if (data != null && data.hasNonNull("data")) {
            v.quoteIdWord(data.get("data").asString());
        }
        return a;
    }

    /** The six documented keys of a /build-path body: 1000 USDC from Ethereum to USDC on Arbitrum. */
    static Map<String, Object> usdcToArbitrum() {
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("Amount", "1000000000");
        b.put("Sender", WALLET);
        b.put("fromChain", 1);
        b.put("fromToken", USDC_ETH);
        b.put("toChain", 42161);
        b.put("toToken", USDC_ARB);
        return b;
    }

    /** Route {@code rank} of a /quote of {@link #usdcToArbitrum}. */
    JsonNode usdcToArbitrumRoute(Volatiles v, int rank) throws Exception {
        return quote(v, "fromChain", "1", "toChain", "42161", "fromToken", USDC_ETH, "toToken", USDC_ARB,
                "amount", "1000000000", "sender", WALLET, "slippage", "0.5").json().get("data").get(rank);
    }

    /** /build-path of route {@code rank} of a fresh quote, to another receiver. */
    Answer buildPathOfQuote(Volatiles v, int rank, boolean simulation) throws Exception {
        JsonNode route = usdcToArbitrumRoute(v, rank);
        List<Object> extra = new ArrayList<>(List.of("quoteId", route.get("quoteId").asString(),
                "pathId", route.get("pathId").asString(), "Receiver", RECEIVER));
        if (simulation) {
            extra.addAll(List.of("simulation", true));
        }
        return buildPath(v, body(usdcToArbitrum(), extra.toArray()));
    }

    Answer buildPathOfQuoteWith(Volatiles v, String key, Object value) throws Exception {
        JsonNode route = usdcToArbitrumRoute(v, 0);
        return buildPath(v, body(usdcToArbitrum(), "pathId", route.get("pathId").asString(), key, value));
    }

    /** A route built a second after its quote's lifetime (junction.quote.ttl, 60 s). */
    Answer buildPathOfExpiredQuote(Volatiles v) throws Exception {
        JsonNode route = usdcToArbitrumRoute(v, 0);
        clock.set(NOW.plus(Duration.ofSeconds(61)));
        try {
            return buildPath(v, body(usdcToArbitrum(), "pathId", route.get("pathId").asString()));
        } finally {
            clock.set(NOW);
        }
    }

    Answer gaslessQuote(Volatiles v, String... kv) throws Exception {
        return gaslessQuote(v, params(kv));
    }

    Answer gaslessQuote(Volatiles v, Map<String, String> query) throws Exception {
        Answer a = get("/gasless/quote", query);
        JsonNode data = a.json().get("data");
        if (data != null && data.isArray()) {
            for (JsonNode item : data) {
                v.gaslessQuote(item);
            }
        }
        return a;
    }

    /** Signs the first item's eip712 with {@code key} (RFC 6979, as wallets do) and submits it. */
    Answer submitSigned(Volatiles v, Answer quote, String key) throws Exception {
        JsonNode item = quote.json().at("/data/0");
        assertThat(item.isObject()).as(quote.body()).isTrue();
        String signature = sign(digest(item.get("eip712")), key);
        v.add(signature, "<signature>");
        return submit(v, item.get("quoteId").asString(), signature);
    }

    Answer submit(Volatiles v, String quoteId, String signature) throws Exception {
        Map<String, String> b = new LinkedHashMap<>();
        b.put("quoteId", quoteId);
        b.put("signature", signature);
        Answer a = post("/gasless/submit-swap", MediaType.APPLICATION_JSON_VALUE, JSON.writeValueAsString(b));
        JsonNode data = a.json().get("data");
        if (a.json().get("code").asInt() == 0) {
            v.add(data.get("swapId").asString(), "<swapId>");
            v.add(data.get("executorTxId").asString(), "<executorTxId>");
            v.add(data.get("executionTxHash").asString(), "<executionTxHash>");
        }
        return a;
    }

    // ---- HTTP

    static Map<String, String> params(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.merge(kv[i], kv[i + 1], (a, b) -> a + "\u0000" + b);
        }
        return m;
    }

    /** {@code base} with the overrides applied; a null value removes the parameter. */
    static Map<String, String> with(Map<String, String> base, String... kv) {
        Map<String, String> m = new LinkedHashMap<>(base);
        for (int i = 0; i < kv.length; i += 2) {
            if (kv[i + 1] == null) {
                m.remove(kv[i]);
            } else {
                m.put(kv[i], kv[i + 1]);
            }
        }
        return m;
    }

    Answer get(String path, String... kv) throws Exception {
        return get(path, params(kv));
    }

    /** A GET; a value holding NULs is a repeated parameter. */
    Answer get(String path, Map<String, String> query) throws Exception {
        MockHttpServletRequestBuilder r = MockMvcRequestBuilders.get(path);
        StringBuilder shown = new StringBuilder("GET ").append(path);
        char sep = '?';
        for (Map.Entry<String, String> e : query.entrySet()) {
            for (String value : e.getValue().split("\u0000")) {
                r.queryParam(e.getKey(), value);
                shown.append(sep).append(e.getKey()).append('=').append(value);
                sep = '&';
            }
        }
        return answer(shown.toString(), mvc.perform(r).andReturn().getResponse());
    }

    Answer post(String path, String contentType, String body) throws Exception {
        MockHttpServletRequestBuilder r = MockMvcRequestBuilders.post(path).contentType(contentType).content(body);
        return answer("POST " + path + " " + body, mvc.perform(r).andReturn().getResponse());
    }

    private static Answer answer(String request, MockHttpServletResponse r) throws IOException {
        return new Answer(request, r.getStatus(), r.getContentType(), r.getContentAsString(StandardCharsets.UTF_8));
    }

    // ---- Permit2 signatures

    /** The EIP-712 digest of a /gasless/quote {@code eip712} object (web3j's encoder, EIP712Domain added). */
    static byte[] digest(JsonNode eip712) throws IOException {
        ObjectNode typed = (ObjectNode) eip712.deepCopy();
        ObjectNode types = JSON.createObjectNode();
        ArrayNode domain = types.putArray("EIP712Domain");
        domain.addObject().put("name", "name").put("type", "string");
        domain.addObject().put("name", "chainId").put("type", "uint256");
        domain.addObject().put("name", "verifyingContract").put("type", "address");
        JsonNode given = eip712.get("types");
        for (String name : given.propertyNames()) {
            types.set(name, given.get(name));
        }
        typed.set("types", types);
        return new StructuredDataEncoder(JSON.writeValueAsString(typed)).hashStructuredData();
    }

    /** r || s || v as 0x hex, RFC 6979's k (web3j). */
    static String sign(byte[] digest, String key) {
        Sign.SignatureData sig = Sign.signMessage(digest, ECKeyPair.create(Numeric.toBigInt(key)), false);
        return Numeric.toHexString(sig.getR()) + Numeric.toHexStringNoPrefix(sig.getS())
                + Numeric.toHexStringNoPrefix(sig.getV());
    }

    /** Another valid low-s signature of the digest by the same key: a deterministic k from HMAC-SHA512. */
    static String signWithOtherK(byte[] digest, String key) {
        BigInteger d = Numeric.toBigInt(key);
        var curve = Sign.CURVE_PARAMS;
        ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA512Digest()));
        signer.init(true, new ECPrivateKeyParameters(d,
                new ECDomainParameters(curve.getCurve(), curve.getG(), curve.getN(), curve.getH())));
        BigInteger[] rs = signer.generateSignature(digest);
        ECDSASignature sig = new ECDSASignature(rs[0], rs[1]).toCanonicalised();
        BigInteger publicKey = Sign.publicKeyFromPrivate(d);
        for (int recId = 0; recId < 2; recId++) {
            if (publicKey.equals(Sign.recoverFromSignature(recId, sig, digest))) {
                return "0x" + String.format("%064x%064x%02x", sig.r, sig.s, 27 + recId);
            }
        }
        throw new IllegalStateException("no recovery id gives the signer's key");
    }

    // ---- golden files

    private void check(String name, Case c) throws Exception {
        Volatiles volatiles = new Volatiles();
        Answer a = c.run(volatiles);
        String actual = volatiles.document(a);
        Path file = GOLDEN.resolve(name + ".json");
        if (UPDATE) {
            Files.createDirectories(GOLDEN);
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            return;
        }
        assertThat(file).as("golden file of case %s (create it with -Dgolden.update=true)", name).exists();
        String expected = Files.readString(file, StandardCharsets.UTF_8);
        if (!expected.equals(actual)) {
            throw new AssertionError("case " + name + ": the answer differs from " + file + " (after normalisation;"
                    + " rerun with -Dgolden.update=true if the change is intended)\n" + diff(expected, actual));
        }
    }

    private static void noStaleFiles(Set<String> cases) throws IOException {
        Set<String> stale = new TreeSet<>();
        if (Files.isDirectory(GOLDEN)) {
            try (Stream<Path> files = Files.list(GOLDEN)) {
                files.map(p -> p.getFileName().toString())
                        .filter(f -> !cases.contains(f.replaceFirst("\\.json$", "")))
                        .forEach(stale::add);
            }
        }
        if (UPDATE) {
            for (String f : stale) {
                Files.delete(GOLDEN.resolve(f));
            }
            return;
        }
        assertThat(stale).as("files in %s that no case writes (delete them, or run with -Dgolden.update=true)",
                GOLDEN).isEmpty();
    }

    /** The first differing line with three lines around it on each side, and how many lines differ. */
    static String diff(String expected, String actual) {
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        int first = 0;
        while (first < e.length && first < a.length && e[first].equals(a[first])) {
            first++;
        }
        int differing = 0;
        for (int i = 0; i < Math.max(e.length, a.length); i++) {
            if (i >= e.length || i >= a.length || !e[i].equals(a[i])) {
                differing++;
            }
        }
        StringBuilder out = new StringBuilder("first difference at line " + (first + 1) + " (" + differing
                + " of " + Math.max(e.length, a.length) + " lines differ; expected " + e.length + ", actual "
                + a.length + ")\n");
        for (int i = Math.max(0, first - 3); i < Math.min(first + 4, Math.max(e.length, a.length)); i++) {
            if (i < e.length && i < a.length && e[i].equals(a[i])) {
                out.append(String.format("  %5d   %s%n", i + 1, clip(e[i])));
                continue;
            }
            if (i < e.length) {
                out.append(String.format("- %5d   %s%n", i + 1, clip(e[i])));
            }
            if (i < a.length) {
                out.append(String.format("+ %5d   %s%n", i + 1, clip(a[i])));
            }
        }
        if (first < e.length && first < a.length) {
            int col = 0;
            while (col < e[first].length() && col < a[first].length() && e[first].charAt(col) == a[first].charAt(col)) {
                col++;
            }
            int from = Math.max(0, col - 40);
            out.append(String.format("line %d differs from column %d:%n- ...%s%n+ ...%s%n", first + 1, col + 1,
                    e[first].substring(from, Math.min(e[first].length(), col + 40)),
                    a[first].substring(from, Math.min(a[first].length(), col + 40))));
        }
        return out.toString();
    }

    private static String clip(String line) {
        return line.length() <= 160 ? line : line.substring(0, 160) + "... (" + line.length() + " characters)";
    }

    /**
     * The values of one case that come from a random source, each with its placeholder; {@link #document} writes an
     * answer with every occurrence replaced (longest value first).
     */
    static final class Volatiles {
        private final Map<String, String> placeholders = new LinkedHashMap<>();
        private int quotes;
        private int words;
        private int gasless;

        void add(String raw, String placeholder) {
            if (raw != null && !raw.isEmpty()) {
                placeholders.putIfAbsent(raw, placeholder);
            }
        }

        /** The quoteId of /quote routes (a UUID), and keccak256 of its text, the bytes32 its calldata carries. */
        void quoteIds(JsonNode routes) {
            if (routes == null || !routes.isArray()) {
                return;
            }
            for (JsonNode route : routes) {
                String id = route.path("quoteId").asString("");
                if (!id.isEmpty() && !placeholders.containsKey(id)) {
                    String name = "quoteId-" + (++quotes);
                    add(id, "<" + name + ">");
                    idWord(Hash.sha3(id.getBytes(StandardCharsets.UTF_8)), "keccak256(" + name + ")");
                }
            }
        }

        /**
         * The quote id word of a router call (RouteParams.quoteId, the first word of the tuple the first head word
         * points at): keccak256 of a quoteId seen before, or of a quote the case never saw (a build's own).
         */
        void quoteIdWord(String calldata) {
            byte[] data = Numeric.hexStringToByteArray(calldata);
            int offset = new BigInteger(1, Arrays.copyOfRange(data, 4, 36)).intValueExact();
            byte[] word = Arrays.copyOfRange(data, 4 + offset, 36 + offset);
            if (!placeholders.containsKey(Numeric.toHexStringNoPrefix(word))) {
                idWord(word, "quoteIdWord-" + (++words));
            }
        }

        /**
         * A 32-byte quote id as calldata carries it, and the bridge nonces taken from it: Celer's uint64 (its first 8
         * bytes, top bit cleared) and Wormhole's uint32 (its first 4 bytes), each as an ABI word.
         */
        private void idWord(byte[] word, String name) {
            add(Numeric.toHexStringNoPrefix(word), "<" + name + ">");
            ByteBuffer b = ByteBuffer.wrap(word);
            add(String.format("%064x", b.getLong(0) & Long.MAX_VALUE), "<celerNonce(" + name + ")>");
            add(String.format("%064x", b.getInt(0) & 0xffffffffL), "<wormholeNonce(" + name + ")>");
        }

        /**
         * A gasless quote item: its quoteId (0x + 64 hex, as is in the innerData), its Permit2 nonce, and its
         * callDataHash once checked to be keccak256 of the innerData.
         */
        void gaslessQuote(JsonNode item) {
            String name = "gaslessQuoteId-" + (++gasless);
            String id = item.get("quoteId").asString();
            idWord(Numeric.hexStringToByteArray(id), name);
            add("\"" + item.get("nonce").asString() + "\"", "\"<nonce-" + gasless + ">\"");
            JsonNode template = item.get("calldataTemplate");
            String innerData = template.get("innerData").asString();
            assertThat(template.get("callDataHash").asString()).as("callDataHash is keccak256(innerData)")
                    .isEqualTo(Numeric.toHexString(Hash.sha3(Numeric.hexStringToByteArray(innerData))));
            add(template.get("callDataHash").asString(), "<keccak256(innerData of " + name + ")>");
        }

        String normalise(String text) {
            List<Map.Entry<String, String>> byLength = new ArrayList<>(placeholders.entrySet());
            byLength.sort(Comparator.comparingInt((Map.Entry<String, String> e) -> e.getKey().length()).reversed());
            String out = text;
            for (Map.Entry<String, String> e : byLength) {
                out = out.replace(e.getKey(), e.getValue());
            }
            return out;
        }

        /** The golden file's text: request, HTTP status and body, normalised and indented. */
        String document(Answer a) {
            boolean json = a.contentType() != null && a.contentType().startsWith(MediaType.APPLICATION_JSON_VALUE);
            String body = json ? a.body() : JSON.writeValueAsString(a.body());
            String raw = "{\"request\":" + JSON.writeValueAsString(a.request()) + ",\"status\":" + a.status()
                    + ",\"body\":" + body + "}";
            return Indent.pretty(normalise(raw)) + "\n";
        }
    }

    /**
     * Indents compact JSON without parsing it, so every token (numbers as the service formats them, escapes, key
     * order) stays as the service wrote it.
     */
    static final class Indent {

        private Indent() {
        }

        static String pretty(String json) {
            StringBuilder out = new StringBuilder(json.length() * 2);
            int depth = 0;
            boolean inString = false;
            for (int i = 0; i < json.length(); i++) {
                char ch = json.charAt(i);
                if (inString) {
                    out.append(ch);
                    if (ch == '\\') {
                        out.append(json.charAt(++i));
                    } else if (ch == '"') {
                        inString = false;
                    }
                    continue;
                }
                switch (ch) {
                    case '"' -> {
                        inString = true;
                        out.append(ch);
                    }
                    case '{', '[' -> {
                        int next = skipBlanks(json, i + 1);
                        char close = ch == '{' ? '}' : ']';
                        if (next < json.length() && json.charAt(next) == close) {
                            out.append(ch).append(close);
                            i = next;
                        } else {
                            out.append(ch);
                            depth++;
                            newline(out, depth);
                        }
                    }
                    case '}', ']' -> {
                        depth--;
                        newline(out, depth);
                        out.append(ch);
                    }
                    case ',' -> {
                        out.append(ch);
                        newline(out, depth);
                    }
                    case ':' -> out.append(": ");
                    case ' ', '\n', '\r', '\t' -> {
                    }
                    default -> out.append(ch);
                }
            }
            return out.toString();
        }

        private static int skipBlanks(String s, int from) {
            int i = from;
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            return i;
        }

        private static void newline(StringBuilder out, int depth) {
            out.append('\n').append("  ".repeat(depth));
        }
    }
}
