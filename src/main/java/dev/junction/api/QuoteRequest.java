package dev.junction.api;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import java.util.Set;

/**
 * A validated {@code GET /quote} request. Chains are served chains, tokens are listed on their chain (native token as
 * {@link Address#NATIVE}), addresses are canonical (EIP-55 or base58).
 *
 * @param fromChain chain holding fromToken
 * @param toChain chain holding toToken
 * @param fromToken input token on fromChain
 * @param toToken output token on toChain
 * @param amount input amount in fromToken's smallest unit, > 0
 * @param sender wallet supplying the input
 * @param receiver recipient of the output on toChain; the sender when the request omits it
 * @param slippage percent (1 = 1%), in (0, 50]; null when omitted
 * @param feeBps integrator fee in basis points, 0..10000; null when omitted (no explicit fee requested)
 * @param includeProviders lower-case provider keys to restrict to; empty = all eligible
 * @param excludeProviders lower-case provider keys to remove
 * @param priorityProvider accepted as given (at most 128 characters), or null
 * @param routeMode ranking; {@link RouteMode#MAX_VALUE} when omitted or unrecognised
 * @param integrator the {@code Integrator} parameter (echoed as integratorId), or null
 * @param referrer the {@code Referrer} parameter, or null
 * @param destinationCallData lower-case 0x hex, or null
 * @param destinationGasLimit gas units, or null
 * @param allowedPriceImpact percent 0..100, or null
 * @param simulation the {@code simulation} flag (false when omitted)
 * @param allowMultiBridge whether routes with more than one bridge hop may be returned (false when omitted)
 * @param acquisitionMode the input acquisition mode, or null when omitted (direct transfer where needed)
 */
public record QuoteRequest(ChainId fromChain, ChainId toChain, Address fromToken, Address toToken, Amount amount,
        Address sender, Address receiver, Double slippage, Integer feeBps, Set<String> includeProviders,
        Set<String> excludeProviders, String priorityProvider, RouteMode routeMode, String integrator, String referrer,
        String destinationCallData, Amount destinationGasLimit, Double allowedPriceImpact, boolean simulation,
        boolean allowMultiBridge, AcquisitionMode acquisitionMode) {

    /** The query parameters of /quote, in the interface's order. */
    static final String[] REQUIRED = {"fromChain", "toChain", "fromToken", "toToken", "amount", "sender"};

    public QuoteRequest {
        includeProviders = Set.copyOf(includeProviders);
        excludeProviders = Set.copyOf(excludeProviders);
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
                RouteMode.parseOrDefault(q.optional("routeMode")
                        .map(t -> ParamRules.text("routeMode", t, ParamRules.SHORT_TEXT_MAX)).orElse(null)),
                q.optional("Integrator").map(t -> ParamRules.text("Integrator", t, ParamRules.SHORT_TEXT_MAX)).orElse(null),
                q.optional("Referrer").map(t -> ParamRules.text("Referrer", t, ParamRules.SHORT_TEXT_MAX)).orElse(null),
                q.optional("destinationCallData")
                        .map(t -> ParamRules.hex("destinationCallData", t, ParamRules.CALLDATA_HEX_MAX)).orElse(null),
                q.optional("destinationGasLimit").map(t -> ParamRules.amount("destinationGasLimit", t)).orElse(null),
                q.optional("allowedPriceImpact").map(t -> ParamRules.percent("allowedPriceImpact", t)).orElse(null),
                q.optional("simulation").map(t -> ParamRules.bool("simulation", t)).orElse(false),
                q.optional("allowMultiBridge").map(t -> ParamRules.bool("allowMultiBridge", t)).orElse(false),
                q.optional("acquisitionMode").map(t -> AcquisitionMode.parse("acquisitionMode", t)).orElse(null));
        checkAcquisitionMode(request);
        return request;
    }

    /** 1 (native) needs a native input; 0, 2 and 3 need an ERC-20 input. */
    private static void checkAcquisitionMode(QuoteRequest request) {
        AcquisitionMode mode = request.acquisitionMode();
        if (mode == null) {
            return;
        }
        boolean nativeInput = request.fromToken().isNative();
        if (mode == AcquisitionMode.NATIVE_TOKEN && !nativeInput) {
            throw new ApiException(ErrorCode.INVALID_PARAMETER,
                    "acquisitionMode 1 (native token) requires the native fromToken "
                            + Address.NATIVE + "; use 0, 2 or 3 for an ERC-20 input", "acquisitionMode");
        }
        if (mode != AcquisitionMode.NATIVE_TOKEN && nativeInput) {
            throw new ApiException(ErrorCode.INVALID_PARAMETER, "acquisitionMode " + mode.code()
                    + " needs an ERC-20 fromToken; a native fromToken is sent as value with acquisitionMode 1",
                    "acquisitionMode");
        }
    }
}
