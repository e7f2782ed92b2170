package dev.junction.quote;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.junction.chain.DecimalText;
import dev.junction.market.Provider;
import dev.junction.market.Token;
import dev.junction.routing.RouteStep;
import java.util.List;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * The wire shapes of {@code GET /quote}: objects 2.2 to 2.5 of the interface, field names exactly as there. Each is
 * written by a hand-written serializer ({@link TokenViewSerializer}, {@link QuoteViewSerializers}) that writes the
 * bytes Jackson's bean serializer would write for the record; the record components stay the schema of the OpenAPI
 * document, and a new component must be added to its serializer too ({@code QuoteViewSerializersTest} fails until it
 * is).
 */
public final class QuoteViews {

    private QuoteViews() {
    }

    /** 2.2 Token object. {@code address} is the ERC-7528 placeholder for a native token. */
    @JsonSerialize(using = TokenViewSerializer.class)
    public record TokenView(String address, long chain, int decimals, String icon, String name, double priceUsd,
            String symbol) {

        static TokenView of(Token t) {
            return new TokenView(t.address().value(), t.chain().value(), t.decimals(), t.iconUrl(), t.name(),
                    t.priceUsd(), t.symbol());
        }
    }

    /** 2.3 Provider object: {@code name} is the provider key (what includeProvider matches), type dex or bridge. */
    @JsonSerialize(using = QuoteViewSerializers.ProviderViewSerializer.class)
    public record ProviderView(String icon, String name, String type) {

        static ProviderView of(Provider p) {
            return new ProviderView(p.iconUrl(), p.key(), p.type().wire());
        }
    }

    /** {@code fees} of a route: amounts in input-token units. */
    @JsonSerialize(using = QuoteViewSerializers.FeesViewSerializer.class)
    public record FeesView(String integratorFee, double integratorFeeUsd, String pathFee, double pathFeeUsd) {
    }

    /** {@code gasFee} of a route: gasFee in native wei of the source chain, gasLimit in gas units. */
    @JsonSerialize(using = QuoteViewSerializers.GasFeeViewSerializer.class)
    public record GasFeeView(String gasFee, double gasFeeUsd, String gasLimit, TokenView gasToken) {
    }

    /**
     * 2.5 Path step: fee and bridgeFee in the step's fromToken units; estimatedTime in seconds. {@code leg} and
     * {@code shareBps} only on a step of a split route ({@code pathType} sameChainSplitSwap) or of a split segment of a
     * cross-chain route (crossChainSplitSwap): the parallel leg it belongs to (0, 1, ... within its chain's segment)
     * and the leg's share of the segment's input (after the integrator fee; after the bridge, its output), basis points
     * (the last leg takes the remainder).
     */
    @JsonSerialize(using = QuoteViewSerializers.StepViewSerializer.class)
    public record StepView(String bridgeFee, long chain, int estimatedTime, String fee, String fromAmount,
            long fromChain, TokenView fromToken, @JsonInclude(JsonInclude.Include.NON_NULL) Integer leg,
            ProviderView provider, @JsonInclude(JsonInclude.Include.NON_NULL) Integer shareBps, String stepType,
            String toAmount, long toChain, TokenView toToken) {

        static StepView of(RouteStep s) {
            return new StepView(DecimalText.of(s.bridgeFee()), s.chain().value(), s.estimatedSeconds(),
                    DecimalText.of(s.lpFee()), DecimalText.of(s.fromAmount()), s.fromChain().value(), TokenView.of(s.fromToken()),
                    s.leg() == null ? null : s.leg().index(), ProviderView.of(s.provider()),
                    s.leg() == null ? null : s.leg().shareBps(), s.kind().wire(), DecimalText.of(s.toAmount()),
                    s.toChain().value(), TokenView.of(s.toToken()));
        }
    }

    /**
     * 2.4 Route object. {@code expiry} is Unix seconds; {@code pathTime} seconds; {@code integratorId} and
     * {@code slippage} are absent when the request did not give them. {@code blockNumber} (chain mode only, absent on a
     * generated market) is the source chain's block whose state the route was computed at.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonSerialize(using = QuoteViewSerializers.RouteViewSerializer.class)
    public record RouteView(String amount, String amountOut, double amountOutUsd, double amountUsd, int bridgeCount,
            long expiry, FeesView fees, TokenView fromToken, GasFeeView gasFee, String integratorId,
            String minAmountOut, double minAmountOutUsd, List<StepView> path, String pathId, int pathTime,
            String pathType, List<ProviderView> providers, String quoteId, String receiver, String routeAddress,
            String sender, Double slippage, TokenView toToken, Long blockNumber) {
    }
}
