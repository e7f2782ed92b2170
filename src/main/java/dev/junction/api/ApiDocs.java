package dev.junction.api;

import dev.junction.quote.QuoteRequest;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.BooleanSchema;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.NumberSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/**
 * The documented parameters of the six operations and the discovery endpoints, with their rules and units, exactly
 * as {@link QuoteRequest} and the other request records enforce them. {@link OpenApiConfig} puts them into {@code /v3/api-docs}.
 */
final class ApiDocs {

    static final String UNITS = """
            Units: amounts are base-10 integer strings in the token's smallest unit (wei for ETH). \
            `expiry`, every `deadline` and tx `timestamp` are Unix seconds; `pathTime` and `estimatedTime` are seconds; \
            `...Ms` fields are milliseconds and `updatedAtMs` is milliseconds since the epoch; `slippage` and \
            `allowedPriceImpact` are percent (1 = 1%); `feeBps` is basis points (100 = 1%). \
            The native token of every chain is `0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE` in every response; the zero \
            address is accepted as an alias on input.""";

    private static final String CHAIN = "Numeric chain id, an integer from 0 to 9223372036854775807 (int64); otherwise "
            + "1002. A chain Junction does not serve is 1005.";
    private static final String AMOUNT = "Base-10 integer string in the token's smallest unit, greater than 0 and below "
            + "2^256; otherwise 1004.";
    private static final String TOKEN = "Token address on that chain: EVM 0x + 40 hex digits (mixed case must pass "
            + "EIP-55, else 1003), a base58 mint on Solana. Native token: 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE "
            + "(or the zero address). A token the chain does not list is 1006.";
    private static final String WALLET = "Wallet address: EVM 0x + 40 hex digits (mixed case must pass EIP-55), or "
            + "base58 of 32 bytes where the chain is Solana; not the zero address. Otherwise 1003.";
    private static final String SLIPPAGE = "Percent (1 = 1%): a finite number greater than 0 and at most 50; "
            + "otherwise 1002.";
    private static final String FEE_BPS = "Integrator fee in basis points (100 = 1%): an integer from 0 to 10000; "
            + "otherwise 1002.";
    private static final String ACQUISITION = "0 = direct transfer, 1 = native token, 2 = signed permit (Permit2), "
            + "3 = signed permit with witness: an integer from 0 to 3; otherwise 1002.";
    private static final String PROVIDERS = "Provider keys: repeated parameters or one comma-separated list, trimmed, "
            + "matched case-insensitively; each key at most 128 characters, at most 64 keys.";
    private static final String BOOL = "`true` or `false` only; otherwise 1002.";
    private static final String SHORT = " At most 128 characters; otherwise 1002.";

    private ApiDocs() {
    }

    /**
     * Query parameters of the GET operations, by path (without the /v1 prefix), in the interface's order; the
     * discovery endpoints' optional filters too.
     */
    static Map<String, List<Parameter>> queryParameters() {
        Map<String, List<Parameter>> m = new LinkedHashMap<>();
        m.put("/quote", quote(false));
        m.put("/build-best-path", quote(true));
        m.put("/gasless/quote", List.of(
                token("fromToken", "Input token on the source chain. "),
                token("toToken", "Output token on the destination chain. "),
                string("amount", true, "Input amount. " + AMOUNT),
                chain("fromChain", "Source chain. "),
                chain("toChain", "Destination chain. "),
                string("sender", true, "Wallet that signs the permit and supplies the input token. " + WALLET),
                integer("acquisitionMode", true, "int32", 0, 3, "Input acquisition mode. " + ACQUISITION
                        + " The gasless flow answers 4008 for a mode it does not support."),
                string("receiver", false, "Destination wallet; defaults to the sender (required when the chains "
                        + "differ in address kind). " + WALLET),
                integer("feeBps", false, "int32", 0, 10_000, FEE_BPS),
                bool("allowMultiBridge", "Enables multi-bridge candidates (default false). " + BOOL),
                enumeration("rankingMode", "One of `value_max`, `balanced`, `speed_max` (case-insensitive); "
                        + "otherwise 1002.", "value_max", "balanced", "speed_max"),
                number("slippage", 0, 50, true, SLIPPAGE),
                integer("deadlineMinutes", false, "int64", 1, 1440,
                        "Signature deadline window in minutes: an integer from 1 to 1440; otherwise 1002."),
                string("meta", false, "Opaque metadata. At most 1024 characters; otherwise 1002."),
                list("includeProvider", "Providers to include. " + PROVIDERS),
                list("excludeProvider", "Providers to exclude. " + PROVIDERS),
                string("destinationCallData", false, "Call made after the swap, on the receiver, by the router's "
                        + "executor contract, as on /build-best-path; bound in the mode-3 witness. On a real chain "
                        + "only (the sandbox's executor answers 1002). 0x-prefixed hex with an even number of digits, "
                        + "at most 65536 characters; otherwise 1002."),
                string("destinationGasLimit", false, "Most gas destinationCallData may use: an integer from 1 to "
                        + "30000000 (1001 when destinationCallData is given without it, 1004 for 0). The relayer's "
                        + "fee covers it plus the executor's hand-over."),
                string("fallbackAddress", false, "Who receives the output when destinationCallData reverts, runs "
                        + "out of its gas or leaves tokens behind; defaults to sender. Bound in the mode-3 witness. "
                        + "An EVM address other than the zero address; otherwise 1003. " + WALLET)));
        m.put("/status", List.of(
                string("txHash", true, "Source-chain transaction hash: 0x followed by 64 hex digits; otherwise 1002."),
                chain("fromChainId", "Source chain of the transaction. "),
                string("userAddress", false, "Wallet that started the route. " + WALLET)));
        m.put("/status/stream", List.of(
                string("txHash", true, "Source-chain transaction hash: 0x followed by 64 hex digits; otherwise 1002."),
                chain("fromChainId", "Source chain of the transaction. ")));
        m.put("/webhooks/{id}/deliveries", List.of(
                enumeration("state", "Only deliveries in this state: `PENDING`, `DELIVERED` or `DEAD` "
                        + "(case-insensitive); otherwise 1002.", "PENDING", "DELIVERED", "DEAD"),
                integer("limit", false, "int32", 1, WebhooksController.DELIVERIES_MAX, "Deliveries listed at most: "
                        + "an integer from 1 to " + WebhooksController.DELIVERIES_MAX + " (default 100); otherwise "
                        + "1002.")));
        m.put("/tokens", List.of(
                optionalChain("chain", "Only tokens on this chain. "),
                query("symbol", false, "Only tokens with this symbol (case-insensitive, exact). At most 32 characters; "
                        + "otherwise 1002.", new StringSchema().maxLength(32))));
        m.put("/connections", List.of(
                optionalChain("fromChain", "Only lanes from this chain. "),
                optionalChain("toChain", "Only lanes to this chain. "),
                query("fromToken", false, "Only lanes depositing this token on fromChain; requires fromChain (1001 "
                        + "otherwise). " + TOKEN, new StringSchema())));
        return m;
    }

    private static List<Parameter> quote(boolean best) {
        List<Parameter> p = new ArrayList<>(List.of(
                chain("fromChain", "Chain holding fromToken. "),
                chain("toChain", "Chain holding toToken. "),
                token("fromToken", "Input token on fromChain. "),
                token("toToken", "Output token on toChain. "),
                string("amount", true, "Input amount. " + AMOUNT),
                string("sender", true, "Wallet supplying the input token; echoed in the response. " + WALLET),
                string("receiver", false, "Recipient of the output on toChain; falls back to sender (required when "
                        + "the chains differ in address kind). " + WALLET),
                number("slippage", 0, 50, true, SLIPPAGE + " When omitted, no route-level slippage is set."),
                integer("feeBps", false, "int32", 0, 10_000, FEE_BPS + " When omitted, no integrator fee is "
                        + "requested."),
                list("includeProvider", "Restricts planning to these providers. " + PROVIDERS),
                list("excludeProvider", "Removes these providers. " + PROVIDERS),
                string("priorityProvider", false, "Preferred provider key." + SHORT),
                string("routeMode", false, "`fastest` (ranks by speed), `max_value` (by output value), `suggested` "
                        + "(balanced). Any other value, or omission, behaves as `max_value`." + SHORT),
                string("Integrator", false, "Integrator id, echoed as `integratorId` in each route." + SHORT),
                string("Referrer", false, "Partner attribution id." + SHORT),
                string("destinationCallData", false, "Call made after the route's last step, on the receiver, by Junction's executor "
                        + "contract (it approves the receiver for exactly the output, calls it with at most "
                        + "destinationGasLimit gas, resets the approval and sends what is left to fallbackAddress; "
                        + "the router itself never makes the call). 0x-prefixed hex with an even number of digits, at "
                        + "most 65536 characters; otherwise 1002."),
                string("destinationGasLimit", false, "Most gas destinationCallData may use on the destination chain: an integer from 1 "
                        + "to 30000000 (1001 when destinationCallData is given without it, 1004 for 0). A same-chain "
                        + "route's transaction pays it (gasFee); across a bridge the filler does, and the bridge step "
                        + "into toChain charges it, plus the executor's hand-over, at toChain's gas price (bridgeFee)."),
                string("fallbackAddress", false, "Who receives the output on toChain when destinationCallData reverts, runs out of its "
                        + "gas or leaves tokens behind; defaults to sender. Bound in RouteParams and the Permit2 "
                        + "witness. An EVM address other than the zero address; otherwise 1003. " + WALLET),
                number("allowedPriceImpact", 0, 100, false,
                        "Maximum acceptable price impact, percent: a number from 0 to 100; otherwise 1002."),
                bool("allowMultiBridge", "When true, routes with more than one bridge hop may be returned; omitted "
                        + "behaves as false. " + BOOL),
                integer("acquisitionMode", false, "int32", 0, 3, ACQUISITION + " Omitted: direct transfer where "
                        + "needed.")));
        if (best) {
            p.add(string("minOutputAmount", false, "Minimum acceptable output in the output token's smallest unit. "
                    + AMOUNT));
            p.add(bool("includeRoute", "When true, `data.route` carries the route composition. " + BOOL));
        }
        p.add(bool("simulation", best ? "When true, requests simulation-aware metadata. " + BOOL
                : "Accepted; no effect on quotes. " + BOOL));
        return p;
    }

    /** The JSON body schema of the POST operations, by path. */
    static Map<String, Schema<?>> bodies() {
        Map<String, Schema<?>> m = new LinkedHashMap<>();
        Schema<?> buildPath = new Schema<>().type("object").description("Keys are case-sensitive: `Amount` and "
                + "`Sender` start with a capital letter. Unknown keys are ignored.")
                .addProperty("Amount", new StringSchema().description("Input amount (JSON string). " + AMOUNT))
                .addProperty("Sender", new StringSchema().description("Wallet sending the transaction. " + WALLET))
                .addProperty("fromChain", new IntegerSchema().format("int64").minimum(BigDecimal.ZERO)
                        .description("Source chain (JSON integer). " + CHAIN))
                .addProperty("fromToken", new StringSchema().description("Input token on fromChain. " + TOKEN))
                .addProperty("toChain", new IntegerSchema().format("int64").minimum(BigDecimal.ZERO)
                        .description("Destination chain (JSON integer). " + CHAIN))
                .addProperty("toToken", new StringSchema().description("Output token on toChain. " + TOKEN))
                .addProperty("receiver", new StringSchema().description("Optional recipient on toChain; defaults to "
                        + "Sender. " + WALLET))
                .addProperty("slippage", new NumberSchema().minimum(BigDecimal.ZERO).exclusiveMinimum(true)
                        .maximum(BigDecimal.valueOf(50)).description("Optional. " + SLIPPAGE))
                .addProperty("feeBps", new IntegerSchema().minimum(BigDecimal.ZERO).maximum(BigDecimal.valueOf(10_000))
                        .description("Optional. " + FEE_BPS))
                .addProperty("quoteId", new StringSchema().maxLength(128).description("Optional: the quote the route "
                        + "comes from." + SHORT))
                .addProperty("pathId", new StringSchema().maxLength(128).description("Optional: the route (pathId) of "
                        + "that quote." + SHORT))
                .addProperty("destinationCallData", new StringSchema().description("Optional. " + "Call made after the route's last step, on the receiver, by Junction's executor "
                        + "contract (it approves the receiver for exactly the output, calls it with at most "
                        + "destinationGasLimit gas, resets the approval and sends what is left to fallbackAddress; "
                        + "the router itself never makes the call). 0x-prefixed hex with an even number of digits, at "
                        + "most 65536 characters; otherwise 1002."))
                .addProperty("destinationGasLimit", new StringSchema().description("Optional (JSON string or "
                        + "integer). " + "Most gas destinationCallData may use on the destination chain: an integer from 1 "
                        + "to 30000000 (1001 when destinationCallData is given without it, 1004 for 0). A same-chain "
                        + "route's transaction pays it; across a bridge the filler does, and the route's bridge fee "
                        + "must cover it: a pathId whose quote was asked without this call (or with less gas) is "
                        + "1002."))
                .addProperty("fallbackAddress", new StringSchema().description("Optional. " + "Who receives the output on toChain when destinationCallData reverts, runs out of its "
                        + "gas or leaves tokens behind; defaults to sender. Bound in RouteParams and the Permit2 "
                        + "witness. An EVM address other than the zero address; otherwise 1003. " + WALLET));
        buildPath.setRequired(List.of(BuildPathRequest.REQUIRED));
        m.put("/build-path", buildPath);
        Schema<?> submit = new Schema<>().type("object").description("Unknown keys are ignored.")
                .addProperty("quoteId", new StringSchema().maxLength(128)
                        .description("`quoteId` of a gasless quote item." + SHORT))
                .addProperty("signature", new StringSchema().pattern("^0[xX]([0-9a-fA-F]{130}|[0-9a-fA-F]{128})$")
                        .description("Signature over that quote's EIP-712 object: 0x hex of 65 bytes (r, s, v) or 64 "
                                + "bytes (EIP-2098); otherwise 1002."));
        submit.setRequired(List.of("quoteId", "signature"));
        m.put("/gasless/submit-swap", submit);
        Schema<?> watch = new Schema<>().type("object").description("Unknown keys are ignored.")
                .addProperty("txHash", new StringSchema().description("Source-chain transaction hash: 0x followed by "
                        + "64 hex digits; otherwise 1002."))
                .addProperty("fromChainId", new IntegerSchema().format("int64").minimum(BigDecimal.ZERO)
                        .description("Source chain of the transaction (JSON integer). " + CHAIN));
        watch.setRequired(List.of("txHash", "fromChainId"));
        m.put("/status/watch", watch);
        Schema<?> webhook = new Schema<>().type("object").description("Unknown keys are ignored.")
                .addProperty("url", new StringSchema().maxLength(WebhookRequest.URL_MAX).description("Where deliveries "
                        + "are POSTed: https to a public host, or http(s) on a host of "
                        + "`junction.webhooks.allowed-hosts`; otherwise 1012. At most " + WebhookRequest.URL_MAX
                        + " characters; otherwise 1002."))
                .addProperty("description", new StringSchema().maxLength(WebhookRequest.DESCRIPTION_MAX)
                        .description("Optional: the integrator's note. At most " + WebhookRequest.DESCRIPTION_MAX
                                + " characters; otherwise 1002."));
        webhook.setRequired(List.of("url"));
        m.put("/webhooks", webhook);
        return m;
    }

    /** What {@code data} holds on success, by path: every operation of the document. */
    static Map<String, String> successData() {
        return Map.ofEntries(
                Map.entry("/quote", "`data`: array of route objects, best first."),
                Map.entry("/build-best-path", "`data`: object with `Tx` (transaction object) and `route` (null unless "
                        + "`includeRoute=true`)."),
                Map.entry("/build-path", "`data`: transaction object."),
                Map.entry("/gasless/quote", "`data`: array of gasless quote items (quote, eip712 typed data, nonce, "
                        + "deadline)."),
                Map.entry("/gasless/submit-swap", "`data`: gasless swap result."),
                Map.entry("/status", "`data`: status result."),
                Map.entry("/status/watch", "`data`: `{fromChainId, txHash, expiresAtMs}`."),
                Map.entry("/status/stream", "`text/event-stream` of events `status` (not the envelope)."),
                Map.entry("/webhooks", "`data`: the registered webhook with its `secret` (POST), or the caller's "
                        + "webhooks (GET)."),
                Map.entry("/webhooks/{id}", "`data`: `{id, deleted}`."),
                Map.entry("/webhooks/{id}/deliveries", "`data`: array of deliveries, newest first."),
                Map.entry("/chains", "`data`: `{chains: [...]}`, every chain served."),
                Map.entry("/tokens", "`data`: `{tokens: [...]}`, the tokens that match."),
                Map.entry("/providers", "`data`: `{providers: [...]}`, every DEX and bridge."),
                Map.entry("/connections", "`data`: `{connections: [...]}`, the bridge lanes that match."));
    }

    private static Parameter query(String name, boolean required, String description, Schema<?> schema) {
        return new Parameter().in("query").name(name).required(required).description(description).schema(schema);
    }

    private static Parameter chain(String name, String what) {
        return query(name, true, what + CHAIN,
                new IntegerSchema().format("int64").minimum(BigDecimal.ZERO));
    }

    private static Parameter optionalChain(String name, String what) {
        return query(name, false, what + CHAIN, new IntegerSchema().format("int64").minimum(BigDecimal.ZERO));
    }

    private static Parameter token(String name, String what) {
        return query(name, true, what + TOKEN, new StringSchema());
    }

    private static Parameter string(String name, boolean required, String description) {
        return query(name, required, description, new StringSchema());
    }

    private static Parameter integer(String name, boolean required, String format, long min, long max,
            String description) {
        return query(name, required, description, new IntegerSchema().format(format).minimum(BigDecimal.valueOf(min))
                .maximum(BigDecimal.valueOf(max)));
    }

    private static Parameter number(String name, double min, double max, boolean exclusiveMin, String description) {
        return query(name, false, description, new NumberSchema().format("double").minimum(BigDecimal.valueOf(min))
                .exclusiveMinimum(exclusiveMin).maximum(BigDecimal.valueOf(max)));
    }

    private static Parameter bool(String name, String description) {
        return query(name, false, description, new BooleanSchema());
    }

    private static Parameter enumeration(String name, String description, String... values) {
        StringSchema s = new StringSchema();
        for (String v : values) {
            s.addEnumItem(v);
        }
        return query(name, false, description, s);
    }

    private static Parameter list(String name, String description) {
        return query(name, false, description, new ArraySchema().items(new StringSchema().maxLength(128)))
                .explode(true);
    }

    /** Adds the parameters an operation does not declare itself yet. */
    static void addParameters(Operation op, List<Parameter> params) {
        for (Parameter p : params) {
            boolean present = op.getParameters() != null
                    && op.getParameters().stream().anyMatch(q -> p.getName().equals(q.getName()));
            if (!present) {
                op.addParametersItem(p);
            }
        }
    }

    private static final String USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    private static final String ARB_USDC = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
    private static final String NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
    private static final String WALLET_EXAMPLE = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

    /**
     * Working example values of an operation's parameters, so Swagger UI's "Try it out" quotes at once: 1 ETH on
     * Ethereum to USDC on Arbitrum (gasless: 1,000 USDC on Ethereum to ETH, Permit2); an unknown hash for /status.
     */
    static Map<String, String> examples(String base) {
        return switch (base) {
            case "/quote", "/build-best-path" -> Map.of("fromChain", "1", "toChain", "42161", "fromToken", NATIVE,
                    "toToken", ARB_USDC, "amount", "1000000000000000000", "sender", WALLET_EXAMPLE, "slippage", "0.5");
            case "/gasless/quote" -> Map.of("fromChain", "1", "toChain", "1", "fromToken", USDC, "toToken", NATIVE,
                    "amount", "1000000000", "sender", WALLET_EXAMPLE, "acquisitionMode", "2");
            case "/status" -> Map.of("txHash", "0x1cb5db27293a3477891dd435bbb122ea62b3f4aa316a1bee40ba5ca92a437741",
                    "fromChainId", "1");
            case "/status/stream" -> Map.of("txHash",
                    "0x1cb5db27293a3477891dd435bbb122ea62b3f4aa316a1bee40ba5ca92a437741", "fromChainId", "1");
            case "/tokens" -> Map.of("chain", "42161", "symbol", "USDC");
            case "/connections" -> Map.of("fromChain", "1", "toChain", "42161", "fromToken", USDC);
            default -> Map.of();
        };
    }

    /**
     * The errors an operation can return, by HTTP method and path (every operation: authentication, rate limit,
     * internal, 503). {@code GET /webhooks} reads neither body nor parameter: only those of every operation.
     */
    static List<ErrorCode> errors(String method, String base) {
        return errors(method.equals("GET") && base.equals("/webhooks") ? "GET /webhooks" : base);
    }

    private static List<ErrorCode> errors(String base) {
        List<ErrorCode> common = List.of(ErrorCode.UNAUTHORIZED, ErrorCode.FORBIDDEN, ErrorCode.RATE_LIMITED,
                ErrorCode.INTERNAL, ErrorCode.UNAVAILABLE);
        List<ErrorCode> query = List.of(ErrorCode.MISSING_PARAMETER, ErrorCode.INVALID_PARAMETER,
                ErrorCode.INVALID_ADDRESS, ErrorCode.INVALID_AMOUNT, ErrorCode.UNSUPPORTED_CHAIN,
                ErrorCode.UNSUPPORTED_TOKEN);
        List<ErrorCode> body = List.of(ErrorCode.MALFORMED_BODY, ErrorCode.BODY_TOO_LARGE,
                ErrorCode.UNSUPPORTED_MEDIA_TYPE);
        List<ErrorCode> routing = List.of(ErrorCode.NO_ROUTE, ErrorCode.AMOUNT_TOO_LOW,
                ErrorCode.INSUFFICIENT_LIQUIDITY, ErrorCode.FEES_EXCEED_AMOUNT);
        List<ErrorCode> build = List.of(ErrorCode.PRICE_IMPACT_TOO_HIGH, ErrorCode.MIN_OUTPUT_UNREACHABLE,
                ErrorCode.BUILD_SIMULATION_FAILED);
        EnumSet<ErrorCode> out = EnumSet.copyOf(common);
        switch (base) {
            case "/quote" -> {
                out.addAll(query);
                out.addAll(routing);
            }
            case "/build-best-path" -> {
                out.addAll(query);
                out.addAll(routing);
                out.addAll(build);
            }
            case "/build-path" -> {
                out.addAll(query);
                out.addAll(body);
                out.addAll(routing);
                out.addAll(build);
                out.addAll(List.of(ErrorCode.QUOTE_NOT_FOUND, ErrorCode.QUOTE_EXPIRED));
            }
            case "/gasless/quote" -> {
                out.addAll(query);
                out.addAll(routing);
                out.addAll(List.of(ErrorCode.UNSUPPORTED_ACQUISITION_MODE, ErrorCode.TOKEN_NOT_GASLESS));
            }
            case "/gasless/submit-swap" -> {
                out.addAll(List.of(ErrorCode.MISSING_PARAMETER, ErrorCode.INVALID_PARAMETER));
                out.addAll(body);
                out.addAll(List.of(ErrorCode.FEES_EXCEED_AMOUNT, ErrorCode.QUOTE_NOT_FOUND, ErrorCode.QUOTE_EXPIRED,
                        ErrorCode.INVALID_SIGNATURE, ErrorCode.SIGNER_MISMATCH, ErrorCode.PERMIT_EXPIRED,
                        ErrorCode.NONCE_USED, ErrorCode.ALREADY_SUBMITTED, ErrorCode.UNSUPPORTED_ACQUISITION_MODE,
                        ErrorCode.TOKEN_NOT_GASLESS, ErrorCode.INSUFFICIENT_FUNDS, ErrorCode.BUILD_SIMULATION_FAILED,
                        ErrorCode.UPSTREAM_ERROR, ErrorCode.UPSTREAM_TIMEOUT, ErrorCode.RELAYER_UNFUNDED));
            }
            case "/status" -> out.addAll(List.of(ErrorCode.MISSING_PARAMETER, ErrorCode.INVALID_PARAMETER,
                    ErrorCode.INVALID_ADDRESS, ErrorCode.UNSUPPORTED_CHAIN));
            case "/chains", "/providers", "GET /webhooks" -> {
                // no parameters: only the errors of every operation
            }
            case "/tokens" -> out.addAll(List.of(ErrorCode.INVALID_PARAMETER, ErrorCode.UNSUPPORTED_CHAIN));
            case "/connections" -> out.addAll(List.of(ErrorCode.MISSING_PARAMETER, ErrorCode.INVALID_PARAMETER,
                    ErrorCode.INVALID_ADDRESS, ErrorCode.UNSUPPORTED_CHAIN, ErrorCode.UNSUPPORTED_TOKEN));
            case "/status/stream" -> out.addAll(List.of(ErrorCode.MISSING_PARAMETER, ErrorCode.INVALID_PARAMETER,
                    ErrorCode.UNSUPPORTED_CHAIN));
            case "/status/watch" -> {
                out.addAll(List.of(ErrorCode.MISSING_PARAMETER, ErrorCode.INVALID_PARAMETER,
                        ErrorCode.UNSUPPORTED_CHAIN));
                out.addAll(body);
            }
            case "/webhooks" -> {
                out.addAll(List.of(ErrorCode.MISSING_PARAMETER, ErrorCode.INVALID_PARAMETER,
                        ErrorCode.WEBHOOK_URL_REFUSED, ErrorCode.WEBHOOK_LIMIT));
                out.addAll(body);
            }
            case "/webhooks/{id}" -> out.add(ErrorCode.WEBHOOK_NOT_FOUND);
            case "/webhooks/{id}/deliveries" -> out.addAll(List.of(ErrorCode.INVALID_PARAMETER,
                    ErrorCode.WEBHOOK_NOT_FOUND));
            default -> out.addAll(List.of(ErrorCode.values()));
        }
        return List.copyOf(out);
    }
}
