package dev.junction.api;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.market.Chain;

/**
 * A validated {@code POST /build-path} body. The six documented keys are required, with their exact case
 * ({@code Amount}, {@code Sender}, {@code fromChain}, {@code fromToken}, {@code toChain}, {@code toToken}); the
 * optional keys select the route and its terms.
 *
 * @param amount input amount (JSON string) in fromToken's smallest unit, > 0
 * @param sender the wallet that sends the transaction
 * @param fromChain source chain (JSON integer)
 * @param fromToken input token on fromChain
 * @param toChain destination chain (JSON integer)
 * @param toToken output token on toChain
 * @param receiver optional key {@code receiver}; the sender when omitted
 * @param slippage optional key {@code slippage}, percent in (0, 50], or null
 * @param feeBps optional key {@code feeBps}, 0..10000, or null
 * @param quoteId optional key {@code quoteId}: the quote the route comes from, or null
 * @param pathId optional key {@code pathId}: the route of that quote, or null
 */
public record BuildPathRequest(Amount amount, Address sender, ChainId fromChain, Address fromToken, ChainId toChain,
        Address toToken, Address receiver, Double slippage, Integer feeBps, String quoteId, String pathId) {

    static final String[] REQUIRED = {"Amount", "Sender", "fromChain", "fromToken", "toChain", "toToken"};

    static BuildPathRequest parse(BodyParams b, MarketGate gate) {
        b.requireAll(REQUIRED);
        MarketGate.Served served = gate.served();
        String chainRule = "an integer from 0 to " + Long.MAX_VALUE;
        Amount amount = ParamRules.amount("Amount", b.string("Amount", ErrorCode.INVALID_AMOUNT,
                "a base-10 integer string greater than 0 and below 2^256").orElseThrow());
        Chain from = served.chain("fromChain", b.integer("fromChain", chainRule).orElseThrow());
        Chain to = served.chain("toChain", b.integer("toChain", chainRule).orElseThrow());
        Address sender = MarketGate.Served.wallet("Sender", from, b.string("Sender").orElseThrow());
        Address fromToken = served.token("fromToken", from, b.string("fromToken").orElseThrow());
        Address toToken = served.token("toToken", to, b.string("toToken").orElseThrow());
        Address receiver = Receivers.resolve("receiver", b.string("receiver"), sender, from, to);
        return new BuildPathRequest(amount, sender, from.id(), fromToken, to.id(), toToken, receiver,
                b.number("slippage", "a number greater than 0 and at most 50 (percent)")
                        .map(t -> ParamRules.slippage("slippage", t)).orElse(null),
                b.integer("feeBps", "an integer from 0 to 10000")
                        .map(t -> ParamRules.intIn("feeBps", t, 0, 10_000)).orElse(null),
                b.string("quoteId").map(t -> ParamRules.text("quoteId", t, ParamRules.SHORT_TEXT_MAX)).orElse(null),
                b.string("pathId").map(t -> ParamRules.text("pathId", t, ParamRules.SHORT_TEXT_MAX)).orElse(null));
    }
}
