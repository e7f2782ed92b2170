package dev.junction.api;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.market.Chain;
import dev.junction.chain.AcquisitionMode;
import dev.junction.routing.RouteMode;
import java.util.Optional;

/**
 * A validated {@code POST /build-path} body. The six documented keys are required, with their exact case
 * ({@code Amount}, {@code Sender}, {@code fromChain}, {@code fromToken}, {@code toChain}, {@code toToken}); the
 * optional keys select the route and its terms. {@code Receiver} and {@code Slippage} are also accepted in lower case
 * ({@code receiver}, {@code slippage}); when both spellings are present the capitalised one wins.
 *
 * @param amount input amount (JSON string) in fromToken's smallest unit, > 0
 * @param sender the wallet that sends the transaction
 * @param fromChain source chain (JSON integer)
 * @param fromToken input token on fromChain
 * @param toChain destination chain (JSON integer)
 * @param toToken output token on toChain
 * @param receiver optional key {@code Receiver}; the sender when omitted
 * @param slippage optional key {@code Slippage}, percent in (0, 50], or null
 * @param feeBps optional key {@code feeBps}, 0..10000, or null
 * @param quoteId optional key {@code quoteId}: the quote the route comes from, or null
 * @param pathId optional key {@code pathId}: the route of that quote, or null
 * @param routeMode optional key {@code routeMode} (ranking when no pathId is given); max_value when omitted
 * @param integrator optional key {@code Integrator}, or null
 * @param minOutputAmount optional key {@code minOutputAmount} in toToken's smallest unit, or null
 * @param acquisitionMode optional key {@code acquisitionMode} (JSON integer 0..3), or null
 * @param destinationCallData optional key {@code destinationCallData}, lower-case 0x hex, or null
 * @param destinationGasLimit optional key {@code destinationGasLimit} (string or integer), or null
 */
public record BuildPathRequest(Amount amount, Address sender, ChainId fromChain, Address fromToken, ChainId toChain,
        Address toToken, Address receiver, Double slippage, Integer feeBps, String quoteId, String pathId,
        RouteMode routeMode, String integrator, Amount minOutputAmount, AcquisitionMode acquisitionMode,
        String destinationCallData, Amount destinationGasLimit, Address fallbackAddress) {

    static final String[] REQUIRED = {"Amount", "Sender", "fromChain", "fromToken", "toChain", "toToken"};

    static BuildPathRequest parse(BodyParams b, MarketGate.Served served) {
        b.requireAll(REQUIRED);
        String chainRule = "an integer from 0 to " + Long.MAX_VALUE;
        Amount amount = ParamRules.amount("Amount", b.string("Amount", ErrorCode.INVALID_AMOUNT,
                "a base-10 integer string greater than 0 and below 2^256").orElseThrow());
        Chain from = served.chain("fromChain", b.integer("fromChain", chainRule).orElseThrow());
        Chain to = served.chain("toChain", b.integer("toChain", chainRule).orElseThrow());
        Address sender = MarketGate.Served.wallet("Sender", from, b.string("Sender").orElseThrow());
        Address fromToken = served.token("fromToken", from, b.string("fromToken").orElseThrow());
        Address toToken = served.token("toToken", to, b.string("toToken").orElseThrow());
        served.requireFresh(from);
        served.requireFresh(to);
        String receiverKey = b.string("Receiver").isPresent() ? "Receiver" : "receiver";
        Address receiver = Receivers.resolve(receiverKey, b.string(receiverKey), sender, from, to);
        String slippageKey = b.number("Slippage", "a number greater than 0 and at most 50 (percent)").isPresent()
                ? "Slippage" : "slippage";
        Address fallbackAddress = Receivers.fallbackAddress("fallbackAddress", b.string("fallbackAddress"), sender,
                from, to);
        BuildPathRequest request = new BuildPathRequest(amount, sender, from.id(), fromToken, to.id(), toToken,
                receiver,
                b.number(slippageKey, "a number greater than 0 and at most 50 (percent)")
                        .map(t -> ParamRules.slippage(slippageKey, t)).orElse(null),
                b.integer("feeBps", "an integer from 0 to 10000")
                        .map(t -> ParamRules.intIn("feeBps", t, 0, 10_000)).orElse(null),
                b.string("quoteId").map(t -> ParamRules.text("quoteId", t, ParamRules.SHORT_TEXT_MAX)).orElse(null),
                b.string("pathId").map(t -> ParamRules.text("pathId", t, ParamRules.SHORT_TEXT_MAX)).orElse(null),
                RouteMode.parse(b.string("routeMode")
                        .map(t -> ParamRules.text("routeMode", t, ParamRules.SHORT_TEXT_MAX)).orElse(null)),
                b.string("Integrator").map(t -> ParamRules.text("Integrator", t, ParamRules.SHORT_TEXT_MAX)).orElse(null),
                b.string("minOutputAmount").map(t -> ParamRules.amount("minOutputAmount", t)).orElse(null),
                b.integer("acquisitionMode", "an integer from 0 to 3")
                        .map(t -> QuoteQuery.acquisitionMode("acquisitionMode", t)).orElse(null),
                b.string("destinationCallData")
                        .map(t -> ParamRules.hex("destinationCallData", t, ParamRules.CALLDATA_HEX_MAX)).orElse(null),
                integerOrString(b, "destinationGasLimit").map(t -> ParamRules.amount("destinationGasLimit", t))
                        .orElse(null),
                fallbackAddress);
        Receivers.requireGasLimitForCall(request.destinationCallData(), request.destinationGasLimit());
        return request;
    }

    /** A field given as a JSON integer or as a base-10 integer string. */
    private static Optional<String> integerOrString(BodyParams b, String name) {
        try {
            return b.integer(name, "an integer string");
        } catch (ApiException notAnInteger) {
            return b.string(name);
        }
    }
}
