package dev.junction.api;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.market.Chain;

/**
 * The query parameters {@code /quote}, {@code /build-best-path} and {@code /gasless/quote} share, checked in the
 * interface's order against one market snapshot: chains (1002, 1005), tokens (1003, 1006), amount (1004), sender
 * (1003). The caller checks the required parameters first and the receiver after its own further parameters.
 *
 * @param from source chain
 * @param to destination chain
 * @param fromToken input token on {@code from}
 * @param toToken output token on {@code to}
 * @param amount input amount, fromToken's smallest unit
 * @param sender wallet on {@code from}
 */
record TransferQuery(Chain from, Chain to, Address fromToken, Address toToken, Amount amount, Address sender) {

    static TransferQuery parse(QueryParams q, MarketGate.Served served) {
        Chain from = served.chain("fromChain", q.required("fromChain"));
        Chain to = served.chain("toChain", q.required("toChain"));
        Address fromToken = served.token("fromToken", from, q.required("fromToken"));
        Address toToken = served.token("toToken", to, q.required("toToken"));
        Amount amount = ParamRules.amount("amount", q.required("amount"));
        Address sender = MarketGate.Served.wallet("sender", from, q.required("sender"));
        served.requireFresh(from);
        served.requireFresh(to);
        return new TransferQuery(from, to, fromToken, toToken, amount, sender);
    }

    /** {@code receiver}: given, or the sender where both chains have the same address kind (1001 otherwise). */
    Address receiver(QueryParams q) {
        return Receivers.resolve("receiver", q.optional("receiver"), sender, from, to);
    }
}
