package dev.junction.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.junction.gasless.GaslessQuote;
import dev.junction.gasless.GaslessSwap;
import dev.junction.gasless.Permit2TypedData;
import dev.junction.gasless.PermitMessage;
import dev.junction.gasless.PermitTransferFrom;
import dev.junction.gasless.PermitWitnessTransferFrom;
import dev.junction.gasless.RouteWitness;
import dev.junction.gasless.SwapWitness;
import dev.junction.gasless.TypedField;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON shapes of {@code /gasless/quote} (2.8-2.10) and {@code /gasless/submit-swap} (2.11), field names exactly as
 * the interface spells them. uint256 values are decimal strings; {@code eip712} is what ethers v6
 * {@code signTypedData(domain, types, message)} takes unchanged.
 */
final class GaslessResponses {

    private GaslessResponses() {
    }

    /** Element of {@code data} of /gasless/quote (2.8). */
    @Schema(name = "GaslessQuoteItem")
    record QuoteItem(CalldataTemplate calldataTemplate, String deadline, Eip712 eip712, Fee fee, String nonce,
            Quote quote, String quoteId) {
    }

    @Schema(name = "GaslessCalldataTemplate")
    record CalldataTemplate(String callDataHash, ExecutionPlan executionPlan, String innerData, String meta, String to,
            String value) {
    }

    /** {@code executionPlan}: who runs the route and its steps in readable form. */
    @Schema(name = "GaslessExecutionPlan")
    record ExecutionPlan(String executor, String permit2, List<Step> steps) {
    }

    @Schema(name = "GaslessExecutionStep")
    record Step(int step, String action, long chain, String provider, String tokenIn, String tokenOut, String amountIn,
            String minAmountOut, String description) {
    }

    /** 2.9. */
    @Schema(name = "Eip712TypedData")
    record Eip712(Domain domain, Message message, String primaryType, Map<String, List<Field>> types) {
    }

    @Schema(name = "Eip712Domain")
    record Domain(long chainId, String name, String verifyingContract) {
    }

    /**
     * The permit; {@code witness} only in acquisition mode 3: {@link Witness} (SwapWitness, the sandbox's executor) or
     * {@link RouteWitnessJson} (JunctionRoute, Junction's router on a real chain).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "PermitMessage")
    record Message(String deadline, String nonce, TokenPermissions permitted, String spender,
            @Schema(oneOf = {Witness.class, RouteWitnessJson.class}) Object witness) {
    }

    @Schema(name = "TokenPermissions")
    record TokenPermissions(String amount, String token) {
    }

    @Schema(name = "SwapWitness")
    record Witness(String quoteId, String outputToken, String minAmountOut, String receiver, String toChain) {
    }

    /** The {@code JunctionRoute} witness the router verifies (uint256 as decimal strings, bytes32 as 0x-hex). */
    @Schema(name = "JunctionRouteWitness")
    record RouteWitnessJson(String quoteId, String inputToken, String amountIn, String outputToken,
            String minAmountOut, String receiver, String deadline, String feeBps, String feeRecipient,
            String destinationCall, String fallbackAddress, String steps) {
    }

    @Schema(name = "Eip712Field")
    record Field(String name, String type) {
    }

    @Schema(name = "GaslessFee")
    record Fee(String feeAmount, String feeRecipient, double feeUsd) {
    }

    /** 2.10. */
    @Schema(name = "GaslessQuoteTerms")
    record Quote(int acquisitionMode, String aggregator, String aggregatorId, String amountIn, String amountInAfterFee,
            String amountOut, String amountOutMin, int bridgeCount, List<String> bridgeProviders,
            CostBreakdown costBreakdownUsd, TokenAmount fromToken, Latency latencyBreakdownMs, String receiver,
            String routeKind, TokenAmount toToken, long fromChain, String sender, long toChain) {
    }

    @Schema(name = "GaslessCostBreakdownUsd")
    record CostBreakdown(double bridgeFeeUsd, double dexFeeUsd, double gasUsd, double netOutputUsd, double outputUsd) {
    }

    @Schema(name = "GaslessTokenAmount")
    record TokenAmount(String address, String amount) {
    }

    @Schema(name = "GaslessLatencyMs")
    record Latency(long bridgeP90Ms, long dexP90Ms, long totalP90Ms) {
    }

    /** 2.11. */
    @Schema(name = "GaslessSwapResult")
    record SwapResult(String amountIn, String amountOut, String executionTxHash, String feeAmount, long fromChainId,
            String fromToken, RouteKind routeKind, String status, String swapId, String executorTxId, long toChainId,
            String toToken) {
    }

    @Schema(name = "GaslessRouteKind")
    record RouteKind(String kind, int bridgeCount, List<String> providers) {
    }

    static QuoteItem of(GaslessQuote q) {
        GaslessQuote.CalldataTemplate c = q.calldata();
        List<Step> steps = c.executionPlan().stream().map(l -> new Step(l.step(), l.action(), l.chain().value(),
                l.provider(), l.tokenIn().toString(), l.tokenOut().toString(), l.amountIn().toString(),
                l.minAmountOut().toString(), l.description())).toList();
        CalldataTemplate template = new CalldataTemplate(c.callDataHash(),
                new ExecutionPlan(q.typedData().message().spender().toString(), q.typedData().domain().verifyingContract()
                        .toString(), steps), c.innerData(), c.meta(), c.to().toString(), c.value());
        GaslessQuote.Fee f = q.fee();
        return new QuoteItem(template, Long.toString(q.deadline()), eip712(q.typedData()),
                new Fee(f.feeAmount().toString(), f.feeRecipient().toString(), f.feeUsd()),
                Long.toString(q.nonce().value()), quote(q.terms()), q.quoteId());
    }

    static Eip712 eip712(Permit2TypedData td) {
        Map<String, List<Field>> types = new LinkedHashMap<>();
        td.types().forEach((name, fields) -> types.put(name, fields.stream().map(GaslessResponses::field).toList()));
        PermitMessage m = td.message();
        Object witness = switch (m) {
            case PermitWitnessTransferFrom<?> w -> switch (w.witness()) {
                case SwapWitness s -> new Witness(s.quoteId(), s.outputToken().toString(),
                        s.minAmountOut().toString(), s.receiver().toString(), Long.toString(s.toChain().value()));
                case RouteWitness r -> new RouteWitnessJson(r.quoteId().value(), r.inputToken().toString(),
                        r.amountIn().toString(), r.outputToken().toString(), r.minAmountOut().toString(),
                        r.receiver().toString(), r.deadline().toString(), r.feeBps().toString(),
                        r.feeRecipient().toString(), r.destinationCall().value(),
                        r.fallbackAddress().toString(), r.steps().value());
            };
            case PermitTransferFrom plain -> null;
        };
        Message message = new Message(m.deadline().toString(), m.nonce().toString(),
                new TokenPermissions(m.permitted().amount().toString(), m.permitted().token().toString()),
                m.spender().toString(), witness);
        return new Eip712(new Domain(td.domain().chainId().value(), td.domain().name(),
                td.domain().verifyingContract().toString()), message, td.primaryType(), types);
    }

    private static Field field(TypedField f) {
        return new Field(f.name(), f.type());
    }

    private static Quote quote(GaslessQuote.Terms t) {
        GaslessQuote.CostBreakdown c = t.costBreakdownUsd();
        GaslessQuote.Latency l = t.latencyBreakdownMs();
        return new Quote(t.acquisitionMode(), t.aggregator(), t.aggregatorId(), t.amountIn().toString(),
                t.amountInAfterFee().toString(), t.amountOut().toString(), t.amountOutMin().toString(), t.bridgeCount(),
                t.bridgeProviders(), new CostBreakdown(c.bridgeFeeUsd(), c.dexFeeUsd(), c.gasUsd(), c.netOutputUsd(),
                        c.outputUsd()), new TokenAmount(t.fromToken().toString(), t.amountIn().toString()),
                new Latency(l.bridgeP90Ms(), l.dexP90Ms(), l.totalP90Ms()), t.receiver().toString(), t.routeKind(),
                new TokenAmount(t.toToken().toString(), t.amountOut().toString()), t.fromChain().value(),
                t.sender().toString(), t.toChain().value());
    }

    static SwapResult of(GaslessSwap s) {
        return new SwapResult(s.amountIn().toString(), s.amountOut().toString(), s.executionTxHash().value(),
                s.feeAmount().toString(), s.fromChainId().value(), s.fromToken().toString(),
                new RouteKind(s.routeKind().kind(), s.routeKind().bridgeCount(), s.routeKind().providers()), s.status(),
                s.swapId(), s.executorTxId(), s.toChainId().value(), s.toToken().toString());
    }
}
