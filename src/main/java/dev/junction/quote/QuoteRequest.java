package dev.junction.quote;

import dev.junction.routing.RouteMode;
import dev.junction.chain.AcquisitionMode;
import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import java.util.Set;

/**
 * A validated {@code GET /quote} request (parsed and checked by {@code api.QuoteQuery}). Chains are served chains, tokens are listed on their chain (native token as
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
 * @param fallbackAddress who gets the output when destinationCallData fails (the sender when omitted), or null for
 *     a non-EVM destination
 */
public record QuoteRequest(ChainId fromChain, ChainId toChain, Address fromToken, Address toToken, Amount amount,
        Address sender, Address receiver, Double slippage, Integer feeBps, Set<String> includeProviders,
        Set<String> excludeProviders, String priorityProvider, RouteMode routeMode, String integrator, String referrer,
        String destinationCallData, Amount destinationGasLimit, Double allowedPriceImpact, boolean simulation,
        boolean allowMultiBridge, AcquisitionMode acquisitionMode, Address fallbackAddress) {

    public QuoteRequest {
        includeProviders = Set.copyOf(includeProviders);
        excludeProviders = Set.copyOf(excludeProviders);
    }
}
