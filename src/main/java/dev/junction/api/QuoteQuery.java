package dev.junction.api;

import dev.junction.chain.Address;
import dev.junction.chain.AcquisitionMode;
import dev.junction.quote.QuoteRequest;
import dev.junction.routing.RouteMode;

/** Parsing and validation of the query of {@code GET /quote} into a {@link QuoteRequest}. */
final class QuoteQuery {

    /** The query parameters of /quote, in the interface's order. */
    static final String[] REQUIRED = {"fromChain", "toChain", "fromToken", "toToken", "amount", "sender"};

    private QuoteQuery() {
    }

    /** Parses and validates the query of /quote (and the shared part of /build-best-path). */
    static QuoteRequest parse(QueryParams q, MarketGate gate) {
        q.requireAll(REQUIRED);
        return parse(q, gate.served());
    }

    /** Parses against one snapshot's chains and tokens (tests and callers that hold a snapshot already). */
    static QuoteRequest parse(QueryParams q, MarketGate.Served served) {
        q.requireAll(REQUIRED);
        TransferQuery base = TransferQuery.parse(q, served);
        QuoteRequest request = new QuoteRequest(base.from().id(), base.to().id(), base.fromToken(), base.toToken(),
                base.amount(), base.sender(), base.receiver(q),
                q.optional("slippage").map(t -> ParamRules.slippage("slippage", t)).orElse(null),
                q.optional("feeBps").map(t -> ParamRules.intIn("feeBps", t, 0, 10_000)).orElse(null),
                q.list("includeProvider"),
                q.list("excludeProvider"),
                q.optional("priorityProvider").map(t -> ParamRules.text("priorityProvider", t, ParamRules.SHORT_TEXT_MAX))
                        .orElse(null),
                RouteMode.parse(q.optional("routeMode")
                        .map(t -> ParamRules.text("routeMode", t, ParamRules.SHORT_TEXT_MAX)).orElse(null)),
                q.optional("Integrator").map(t -> ParamRules.text("Integrator", t, ParamRules.SHORT_TEXT_MAX)).orElse(null),
                q.optional("Referrer").map(t -> ParamRules.text("Referrer", t, ParamRules.SHORT_TEXT_MAX)).orElse(null),
                q.optional("destinationCallData")
                        .map(t -> ParamRules.hex("destinationCallData", t, ParamRules.CALLDATA_HEX_MAX)).orElse(null),
                q.optional("destinationGasLimit").map(t -> ParamRules.amount("destinationGasLimit", t)).orElse(null),
                q.optional("allowedPriceImpact").map(t -> ParamRules.percent("allowedPriceImpact", t)).orElse(null),
                q.optional("simulation").map(t -> ParamRules.bool("simulation", t)).orElse(false),
                q.optional("allowMultiBridge").map(t -> ParamRules.bool("allowMultiBridge", t)).orElse(false),
                q.optional("acquisitionMode").map(t -> acquisitionMode("acquisitionMode", t)).orElse(null),
                Receivers.fallbackAddress("fallbackAddress", q.optional("fallbackAddress"), base.sender(), base.from(),
                        base.to()));
        checkAcquisitionMode(request);
        Receivers.requireGasLimitForCall(request.destinationCallData(), request.destinationGasLimit());
        return request;
    }

    /** 1 (native) needs a native input; 0, 2 and 3 need an ERC-20 input. */
    private static void checkAcquisitionMode(QuoteRequest request) {
        AcquisitionMode mode = request.acquisitionMode();
        if (mode == null) {
            return;
        }
        boolean nativeInput = request.fromToken().isNative();
        if (!mode.moves(nativeInput) && mode == AcquisitionMode.NATIVE_TOKEN) {
            throw new ApiException(ErrorCode.INVALID_PARAMETER,
                    "acquisitionMode 1 (native token) requires the native fromToken "
                            + Address.NATIVE + "; use 0, 2 or 3 for an ERC-20 input", "acquisitionMode");
        }
        if (!mode.moves(nativeInput)) {
            throw new ApiException(ErrorCode.INVALID_PARAMETER, "acquisitionMode " + mode.code()
                    + " needs an ERC-20 fromToken; a native fromToken is sent as value with acquisitionMode 1",
                    "acquisitionMode");
        }
    }

    /** {@code acquisitionMode}: the int32 code 0 to 3. */
    static AcquisitionMode acquisitionMode(String name, String text) {
        return AcquisitionMode.of(ParamRules.intIn(name, text, 0, 3));
    }
}
