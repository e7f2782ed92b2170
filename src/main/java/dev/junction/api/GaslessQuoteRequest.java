package dev.junction.api;

import dev.junction.gasless.RankingMode;
import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.AcquisitionMode;
import java.util.Set;

/**
 * A validated {@code GET /gasless/quote} request.
 *
 * @param fromToken input token on fromChain ({@link Address#NATIVE} for the native token)
 * @param toToken output token on toChain
 * @param amount input amount in fromToken's smallest unit, > 0
 * @param fromChain source chain
 * @param toChain destination chain
 * @param sender wallet that signs the permit and supplies the input
 * @param acquisitionMode required; the gasless flow decides which modes it supports (4008)
 * @param receiver destination wallet; the sender when omitted
 * @param feeBps integrator fee in basis points 0..10000, or null
 * @param allowMultiBridge enables multi-bridge candidates (false when omitted)
 * @param rankingMode ranking, or null when omitted
 * @param slippage percent in (0, 50], or null
 * @param deadlineMinutes signature deadline window in minutes, 1..1440, or null
 * @param meta opaque text (at most 1024 characters), or null
 * @param includeProviders lower-case provider keys to restrict to; empty = all
 * @param excludeProviders lower-case provider keys to remove
 * @param destinationCallData 0x-hex call after the swap, or null
 * @param destinationGasLimit gas limit of that call, or null (required with a call)
 * @param fallbackAddress who receives the output when the call fails (the sender when omitted)
 */
public record GaslessQuoteRequest(Address fromToken, Address toToken, Amount amount, ChainId fromChain,
        ChainId toChain, Address sender, AcquisitionMode acquisitionMode, Address receiver, Integer feeBps,
        boolean allowMultiBridge, RankingMode rankingMode, Double slippage, Long deadlineMinutes, String meta,
        Set<String> includeProviders, Set<String> excludeProviders, String destinationCallData,
        Amount destinationGasLimit, Address fallbackAddress) {

    static final String[] REQUIRED = {"fromToken", "toToken", "amount", "fromChain", "toChain", "sender",
        "acquisitionMode"};

    public GaslessQuoteRequest {
        includeProviders = Set.copyOf(includeProviders);
        excludeProviders = Set.copyOf(excludeProviders);
    }

    static GaslessQuoteRequest parse(QueryParams q, MarketGate.Served served) {
        q.requireAll(REQUIRED);
        TransferQuery base = TransferQuery.parse(q, served);
        AcquisitionMode mode = QuoteQuery.acquisitionMode("acquisitionMode", q.required("acquisitionMode"));
        Address receiver = base.receiver(q);
        GaslessQuoteRequest request = new GaslessQuoteRequest(base.fromToken(), base.toToken(), base.amount(),
                base.from().id(), base.to().id(), base.sender(), mode, receiver,
                q.optional("feeBps").map(t -> ParamRules.intIn("feeBps", t, 0, 10_000)).orElse(null),
                q.optional("allowMultiBridge").map(t -> ParamRules.bool("allowMultiBridge", t)).orElse(false),
                q.optional("rankingMode").map(t -> rankingMode("rankingMode", t)).orElse(null),
                q.optional("slippage").map(t -> ParamRules.slippage("slippage", t)).orElse(null),
                q.optional("deadlineMinutes").map(t -> ParamRules.longIn("deadlineMinutes", t, 1, 1440)).orElse(null),
                q.optional("meta").map(t -> ParamRules.text("meta", t, ParamRules.META_MAX)).orElse(null),
                q.list("includeProvider"),
                q.list("excludeProvider"),
                q.optional("destinationCallData")
                        .map(t -> ParamRules.hex("destinationCallData", t, ParamRules.CALLDATA_HEX_MAX)).orElse(null),
                q.optional("destinationGasLimit").map(t -> ParamRules.amount("destinationGasLimit", t)).orElse(null),
                Receivers.fallbackAddress("fallbackAddress", q.optional("fallbackAddress"), base.sender(), base.from(),
                        base.to()));
        Receivers.requireGasLimitForCall(request.destinationCallData(), request.destinationGasLimit());
        return request;
    }

    /** {@code rankingMode}: one of the three listed values (case-insensitive); others are 1002. */
    private static RankingMode rankingMode(String name, String text) {
        return RankingMode.ofWire(text)
                .orElseThrow(() -> ParamRules.invalid(name, "one of value_max, balanced, speed_max"));
    }
}
