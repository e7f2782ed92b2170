package dev.junction.api;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What springdoc cannot read from the response records: which properties every answer carries and which may be
 * null. Every property of a response schema is {@code required} (always present) and not null, except those listed
 * here. The TypeScript client's types are generated from this (issue 41), and its tests check every answer they
 * receive, on the sandbox and on the local chains, against the document.
 */
final class OpenApiSchemas {

    /** Left out of the JSON when they have no value ({@code JsonInclude.NON_NULL}). */
    static final Map<String, Set<String>> ABSENT_WITHOUT_VALUE = Map.of(
            // integratorId and slippage only when the request gave them; blockNumber in chain mode only;
            // routeAddress where the source chain has a router (not Solana, not a chain-mode chain without one)
            "RouteView", Set.of("integratorId", "slippage", "blockNumber", "routeAddress"),
            // only on the steps of a split route or split segment (pathType sameChainSplitSwap or crossChainSplitSwap):
            // the step's leg and the leg's share
            "StepView", Set.of("leg", "shareBps"),
            // only in acquisition mode 3
            "PermitMessage", Set.of("witness"));

    /** Always present, {@code null} when they have no value. */
    static final Map<String, Set<String>> NULLABLE = Map.ofEntries(
            Map.entry("BuildBestPathResult", Set.of("route")),
            // NOT_FOUND answers only status and details; chain mode has no executorTxId and may not know the tokens
            Map.entry("StatusResult", Set.of("destTxDetails", "fromAsset", "kind", "provider", "routeKind",
                    "srcTxDetails", "swapId", "executorTxId", "toAsset", "updatedAtMs")),
            Map.entry("StatusDetails", Set.of("substatus", "receivedToken", "receivedAmount", "pollAfterSeconds")),
            Map.entry("StatusAsset", Set.of("symbol", "decimals", "amount")),
            Map.entry("StatusTxDetails", Set.of("chainLogo", "timestamp")),
            Map.entry("ChainView", Set.of("nativeToken", "wrappedNativeToken", "router", "gaslessExecutor")),
            Map.entry("DiscoveryProvider", Set.of("icon")),
            Map.entry("GaslessCalldataTemplate", Set.of("meta")),
            // the integrator's note is optional; a ping that reached no endpoint has no status, a delivered one no
            // error; a delivery has no status or error before an answer, no next attempt unless PENDING
            Map.entry("Webhook", Set.of("description")),
            Map.entry("Registered", Set.of("description")),
            Map.entry("Ping", Set.of("httpStatus", "error")),
            Map.entry("Delivery", Set.of("lastHttpStatus", "lastError", "nextAttemptAtMs", "deliveredAtMs")));

    private OpenApiSchemas() {
    }

    /**
     * Marks the properties of every component schema: required unless absent without a value, nullable where
     * listed. Schemas that already say which properties are required are left as they are.
     */
    @SuppressWarnings("rawtypes")
    static void complete(Components components) {
        for (Map.Entry<String, Schema> named : components.getSchemas().entrySet()) {
            Schema<?> schema = named.getValue();
            if (schema.getProperties() == null || schema.getRequired() != null) {
                continue;
            }
            Set<String> absent = ABSENT_WITHOUT_VALUE.getOrDefault(named.getKey(), Set.of());
            Set<String> nullable = NULLABLE.getOrDefault(named.getKey(), Set.of());
            List<String> required = new ArrayList<>();
            for (Map.Entry<String, Schema> property : schema.getProperties().entrySet()) {
                if (!absent.contains(property.getKey())) {
                    required.add(property.getKey());
                }
                if (nullable.contains(property.getKey())) {
                    property.setValue(nullable(property.getValue()));
                }
            }
            schema.setRequired(required);
        }
    }

    /** The property schema that also admits {@code null}. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema<?> nullable(Schema<?> p) {
        if (p.get$ref() != null) {
            return new Schema<>().description(p.getDescription())
                    .anyOf(List.of(new Schema<>().$ref(p.get$ref()), new Schema<>().types(Set.of("null"))));
        }
        Set<String> types = new LinkedHashSet<>();
        if (p.getTypes() != null) {
            types.addAll(p.getTypes());
        } else if (p.getType() != null) {
            types.add(p.getType());
        }
        types.add("null");
        ((Schema) p).setTypes(types);
        return p;
    }
}
