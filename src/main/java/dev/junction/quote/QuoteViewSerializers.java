package dev.junction.quote;

import java.util.List;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/**
 * Hand-written serializers of the route object (2.4) and its parts. Writing a {@code /quote} answer with Jackson's bean
 * serializers spent most of its time in per-property machinery: a method-handle call per record component, boxing of
 * every long, int and double, and a serializer lookup per value. These write the same properties in the same order
 * with the generator's own number and string formatting and pre-encoded property names, so the bytes are exactly what
 * the bean serializers write for the records ({@code QuoteViewSerializersTest} compares both on real answers).
 *
 * <p>Inclusion follows the records' annotations: {@link QuoteViews.RouteView} is {@code NON_NULL}, so its absent
 * values are left out; the other views write {@code null}, as the default inclusion does. The records keep their
 * components, so the OpenAPI schemas are still read from them.
 */
final class QuoteViewSerializers {

    private QuoteViewSerializers() {
    }

    /** 2.4 Route object; {@code NON_NULL}: integratorId, routeAddress, slippage and blockNumber may be absent. */
    static final class RouteViewSerializer extends ValueSerializer<QuoteViews.RouteView> {

        private static final SerializableString AMOUNT = new SerializedString("amount");
        private static final SerializableString AMOUNT_OUT = new SerializedString("amountOut");
        private static final SerializableString AMOUNT_OUT_USD = new SerializedString("amountOutUsd");
        private static final SerializableString AMOUNT_USD = new SerializedString("amountUsd");
        private static final SerializableString BRIDGE_COUNT = new SerializedString("bridgeCount");
        private static final SerializableString EXPIRY = new SerializedString("expiry");
        private static final SerializableString FEES = new SerializedString("fees");
        private static final SerializableString FROM_TOKEN = new SerializedString("fromToken");
        private static final SerializableString GAS_FEE = new SerializedString("gasFee");
        private static final SerializableString INTEGRATOR_ID = new SerializedString("integratorId");
        private static final SerializableString MIN_AMOUNT_OUT = new SerializedString("minAmountOut");
        private static final SerializableString MIN_AMOUNT_OUT_USD = new SerializedString("minAmountOutUsd");
        private static final SerializableString PATH = new SerializedString("path");
        private static final SerializableString PATH_ID = new SerializedString("pathId");
        private static final SerializableString PATH_TIME = new SerializedString("pathTime");
        private static final SerializableString PATH_TYPE = new SerializedString("pathType");
        private static final SerializableString PROVIDERS = new SerializedString("providers");
        private static final SerializableString QUOTE_ID = new SerializedString("quoteId");
        private static final SerializableString RECEIVER = new SerializedString("receiver");
        private static final SerializableString ROUTE_ADDRESS = new SerializedString("routeAddress");
        private static final SerializableString SENDER = new SerializedString("sender");
        private static final SerializableString SLIPPAGE = new SerializedString("slippage");
        private static final SerializableString TO_TOKEN = new SerializedString("toToken");
        private static final SerializableString BLOCK_NUMBER = new SerializedString("blockNumber");

        @Override
        public void serialize(QuoteViews.RouteView r, JsonGenerator g, SerializationContext ctxt) {
            g.writeStartObject(r);
            stringIfPresent(g, AMOUNT, r.amount());
            stringIfPresent(g, AMOUNT_OUT, r.amountOut());
            g.writeName(AMOUNT_OUT_USD);
            g.writeNumber(r.amountOutUsd());
            g.writeName(AMOUNT_USD);
            g.writeNumber(r.amountUsd());
            g.writeName(BRIDGE_COUNT);
            g.writeNumber(r.bridgeCount());
            g.writeName(EXPIRY);
            g.writeNumber(r.expiry());
            if (r.fees() != null) {
                g.writeName(FEES);
                FeesViewSerializer.write(r.fees(), g);
            }
            if (r.fromToken() != null) {
                g.writeName(FROM_TOKEN);
                TokenViewSerializer.write(r.fromToken(), g);
            }
            if (r.gasFee() != null) {
                g.writeName(GAS_FEE);
                GasFeeViewSerializer.write(r.gasFee(), g);
            }
            stringIfPresent(g, INTEGRATOR_ID, r.integratorId());
            stringIfPresent(g, MIN_AMOUNT_OUT, r.minAmountOut());
            g.writeName(MIN_AMOUNT_OUT_USD);
            g.writeNumber(r.minAmountOutUsd());
            if (r.path() != null) {
                g.writeName(PATH);
                writeSteps(r.path(), g);
            }
            stringIfPresent(g, PATH_ID, r.pathId());
            g.writeName(PATH_TIME);
            g.writeNumber(r.pathTime());
            stringIfPresent(g, PATH_TYPE, r.pathType());
            if (r.providers() != null) {
                g.writeName(PROVIDERS);
                writeProviders(r.providers(), g);
            }
            stringIfPresent(g, QUOTE_ID, r.quoteId());
            stringIfPresent(g, RECEIVER, r.receiver());
            stringIfPresent(g, ROUTE_ADDRESS, r.routeAddress());
            stringIfPresent(g, SENDER, r.sender());
            if (r.slippage() != null) {
                g.writeName(SLIPPAGE);
                g.writeNumber(r.slippage().doubleValue());
            }
            if (r.toToken() != null) {
                g.writeName(TO_TOKEN);
                TokenViewSerializer.write(r.toToken(), g);
            }
            if (r.blockNumber() != null) {
                g.writeName(BLOCK_NUMBER);
                g.writeNumber(r.blockNumber().longValue());
            }
            g.writeEndObject();
        }

        private static void writeSteps(List<QuoteViews.StepView> steps, JsonGenerator g) {
            g.writeStartArray(steps, steps.size());
            for (QuoteViews.StepView s : steps) {
                if (s == null) {
                    g.writeNull();
                } else {
                    StepViewSerializer.write(s, g);
                }
            }
            g.writeEndArray();
        }

        private static void writeProviders(List<QuoteViews.ProviderView> providers, JsonGenerator g) {
            g.writeStartArray(providers, providers.size());
            for (QuoteViews.ProviderView p : providers) {
                if (p == null) {
                    g.writeNull();
                } else {
                    ProviderViewSerializer.write(p, g);
                }
            }
            g.writeEndArray();
        }
    }

    /** 2.5 Path step. */
    static final class StepViewSerializer extends ValueSerializer<QuoteViews.StepView> {

        private static final SerializableString BRIDGE_FEE = new SerializedString("bridgeFee");
        private static final SerializableString CHAIN = new SerializedString("chain");
        private static final SerializableString ESTIMATED_TIME = new SerializedString("estimatedTime");
        private static final SerializableString FEE = new SerializedString("fee");
        private static final SerializableString FROM_AMOUNT = new SerializedString("fromAmount");
        private static final SerializableString FROM_CHAIN = new SerializedString("fromChain");
        private static final SerializableString FROM_TOKEN = new SerializedString("fromToken");
        private static final SerializableString PROVIDER = new SerializedString("provider");
        private static final SerializableString LEG = new SerializedString("leg");
        private static final SerializableString SHARE_BPS = new SerializedString("shareBps");
        private static final SerializableString STEP_TYPE = new SerializedString("stepType");
        private static final SerializableString TO_AMOUNT = new SerializedString("toAmount");
        private static final SerializableString TO_CHAIN = new SerializedString("toChain");
        private static final SerializableString TO_TOKEN = new SerializedString("toToken");

        @Override
        public void serialize(QuoteViews.StepView value, JsonGenerator g, SerializationContext ctxt) {
            write(value, g);
        }

        static void write(QuoteViews.StepView s, JsonGenerator g) {
            g.writeStartObject(s);
            string(g, BRIDGE_FEE, s.bridgeFee());
            g.writeName(CHAIN);
            g.writeNumber(s.chain());
            g.writeName(ESTIMATED_TIME);
            g.writeNumber(s.estimatedTime());
            string(g, FEE, s.fee());
            string(g, FROM_AMOUNT, s.fromAmount());
            g.writeName(FROM_CHAIN);
            g.writeNumber(s.fromChain());
            g.writeName(FROM_TOKEN);
            token(s.fromToken(), g);
            if (s.leg() != null) {
                g.writeName(LEG);
                g.writeNumber(s.leg());
            }
            g.writeName(PROVIDER);
            if (s.provider() == null) {
                g.writeNull();
            } else {
                ProviderViewSerializer.write(s.provider(), g);
            }
            if (s.shareBps() != null) {
                g.writeName(SHARE_BPS);
                g.writeNumber(s.shareBps());
            }
            string(g, STEP_TYPE, s.stepType());
            string(g, TO_AMOUNT, s.toAmount());
            g.writeName(TO_CHAIN);
            g.writeNumber(s.toChain());
            g.writeName(TO_TOKEN);
            token(s.toToken(), g);
            g.writeEndObject();
        }
    }

    /**
     * 2.3 Provider object, written from a cache of its text like a token: the same few providers recur in every step
     * and in each route's provider list, and their icon URLs are most of their bytes.
     */
    static final class ProviderViewSerializer extends ValueSerializer<QuoteViews.ProviderView> {

        /** Distinct (icon, name, type); the market has a few dozen providers, a bound guards against anything else. */
        private static final RenderedJson<QuoteViews.ProviderView> TEXT = new RenderedJson<>(1_024, 160, (p, g) -> {
            g.writeStringProperty("icon", p.icon());
            g.writeStringProperty("name", p.name());
            g.writeStringProperty("type", p.type());
        });

        @Override
        public void serialize(QuoteViews.ProviderView value, JsonGenerator g, SerializationContext ctxt) {
            write(value, g);
        }

        static void write(QuoteViews.ProviderView p, JsonGenerator g) {
            TEXT.write(p, g);
        }
    }

    /** {@code fees} of a route. */
    static final class FeesViewSerializer extends ValueSerializer<QuoteViews.FeesView> {

        private static final SerializableString INTEGRATOR_FEE = new SerializedString("integratorFee");
        private static final SerializableString INTEGRATOR_FEE_USD = new SerializedString("integratorFeeUsd");
        private static final SerializableString PATH_FEE = new SerializedString("pathFee");
        private static final SerializableString PATH_FEE_USD = new SerializedString("pathFeeUsd");

        @Override
        public void serialize(QuoteViews.FeesView value, JsonGenerator g, SerializationContext ctxt) {
            write(value, g);
        }

        static void write(QuoteViews.FeesView f, JsonGenerator g) {
            g.writeStartObject(f);
            string(g, INTEGRATOR_FEE, f.integratorFee());
            g.writeName(INTEGRATOR_FEE_USD);
            g.writeNumber(f.integratorFeeUsd());
            string(g, PATH_FEE, f.pathFee());
            g.writeName(PATH_FEE_USD);
            g.writeNumber(f.pathFeeUsd());
            g.writeEndObject();
        }
    }

    /** {@code gasFee} of a route. */
    static final class GasFeeViewSerializer extends ValueSerializer<QuoteViews.GasFeeView> {

        private static final SerializableString GAS_FEE = new SerializedString("gasFee");
        private static final SerializableString GAS_FEE_USD = new SerializedString("gasFeeUsd");
        private static final SerializableString GAS_LIMIT = new SerializedString("gasLimit");
        private static final SerializableString GAS_TOKEN = new SerializedString("gasToken");

        @Override
        public void serialize(QuoteViews.GasFeeView value, JsonGenerator g, SerializationContext ctxt) {
            write(value, g);
        }

        static void write(QuoteViews.GasFeeView f, JsonGenerator g) {
            g.writeStartObject(f);
            string(g, GAS_FEE, f.gasFee());
            g.writeName(GAS_FEE_USD);
            g.writeNumber(f.gasFeeUsd());
            string(g, GAS_LIMIT, f.gasLimit());
            g.writeName(GAS_TOKEN);
            token(f.gasToken(), g);
            g.writeEndObject();
        }
    }

    /** A string property under the default inclusion: a null is written as {@code null}. */
    private static void string(JsonGenerator g, SerializableString name, String value) {
        g.writeName(name);
        if (value == null) {
            g.writeNull();
        } else {
            g.writeString(value);
        }
    }

    /** A string property under {@code NON_NULL}: a null leaves the property out. */
    private static void stringIfPresent(JsonGenerator g, SerializableString name, String value) {
        if (value != null) {
            g.writeName(name);
            g.writeString(value);
        }
    }

    private static void token(QuoteViews.TokenView token, JsonGenerator g) {
        if (token == null) {
            g.writeNull();
        } else {
            TokenViewSerializer.write(token, g);
        }
    }
}
