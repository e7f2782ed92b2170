package dev.junction.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.junction.api.BuildBestPathResult;
import dev.junction.api.BuildService;
import dev.junction.api.Envelope;
import dev.junction.api.QuoteController;
import dev.junction.api.RequestParser;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.core.ResolvableType;
import org.springframework.http.MediaType;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.mock.http.MockHttpOutputMessage;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.test.web.servlet.MockMvc;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.json.JsonMapper;

/**
 * The hand-written serializers of the route object and its parts ({@link QuoteViewSerializers},
 * {@link TokenViewSerializer}) write exactly the bytes Jackson's bean serializers write for the same records: real
 * answers on the embedded snapshot market (the eight pairs of the benchmark mix, every route mode, with and without
 * the optional fields, and build-best-path's {@code route}) go through Spring's converter built on the application's
 * mapper and through the same converter on that mapper with the serializers masked by a mix-in; body and headers must
 * be identical.
 */
@SpringBootTest
@AutoConfigureMockMvc
class QuoteViewSerializersTest {

    static final String SENDER = "0x1111111111111111111111111111111111111111";
    static final String NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
    static final String USDC_ETH = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    static final String USDC_ARB = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";

    /** bench/http.py's mix: fromChain, fromToken, toChain, toToken, amount. */
    static final List<List<String>> MIX = List.of(
            List.of("1", "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", "1", USDC_ETH, "300000000000000000"),
            List.of("1", USDC_ETH, "42161", USDC_ARB, "1000000000"),
            List.of("1", NATIVE, "42161", USDC_ARB, "300000000000000000"),
            List.of("1", "0x6B175474E89094C44Da98b954EedeAC495271d0F", "1",
                    "0xdAC17F958D2ee523a2206206994597C13D831ec7", "1000000000000000000000"),
            List.of("56", "0x55d398326f99059fF775485246999027B3197955", "1", USDC_ETH, "1000000000000000000000"),
            List.of("1", "0x6982508145454Ce325dDbE47a25d4ec3d2311933", "8453", NATIVE,
                    "100000000000000000000000000"),
            List.of("8453", "0x4ed4E862860beD51a9570b96d89aF5E1B0Efefed", "10",
                    "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", "100000000000000000000000"),
            List.of("137", NATIVE, "42161", "0x912CE59144191C1204E64559FE8253a0e49E6548", "2000000000000000000000"));
    static final List<String> ROUTE_MODES = List.of("max_value", "fastest", "suggested");
    /** The optional request values that add route fields (integratorId, slippage) or change them (receiver, fees). */
    static final String OPTIONALS = "&slippage=0.35&Integrator=0x3333333333333333333333333333333333333333&feeBps=25"
            + "&receiver=0x2222222222222222222222222222222222222222";

    /** The views, whose OpenAPI schemas are still read from their record components. */
    static final List<Class<? extends Record>> VIEWS = List.of(QuoteViews.RouteView.class, QuoteViews.StepView.class,
            QuoteViews.ProviderView.class, QuoteViews.FeesView.class, QuoteViews.GasFeeView.class,
            QuoteViews.TokenView.class);

    /** Masks the hand-written serializers: the mapper falls back to its bean serializer for the record. */
    @JsonSerialize(using = ValueSerializer.None.class)
    interface BeanSerialized {
    }

    @Autowired
    MockMvc mvc;
    @Autowired
    JsonMapper json;
    @Autowired
    RequestParser parser;
    @Autowired
    QuoteService quotes;
    @Autowired
    BuildService builds;

    @Test
    void quoteAnswersAreTheBytesOfTheBeanSerializers() throws Exception {
        JacksonJsonHttpMessageConverter handWritten = new JacksonJsonHttpMessageConverter(json);
        JacksonJsonHttpMessageConverter beans = new JacksonJsonHttpMessageConverter(beanSerializing(json));
        Method quote = QuoteController.class.getMethod("quote", HttpServletRequest.class);
        ResolvableType type = ResolvableType.forMethodReturnType(quote);
        int routes = 0;
        for (List<String> pair : MIX) {
            for (String mode : ROUTE_MODES) {
                for (String optionals : List.of("", OPTIONALS)) {
                    List<QuoteViews.RouteView> views = quotes.quote(parser.quote(request(pair, mode + optionals)));
                    assertThat(views).isNotEmpty();
                    routes += views.size();
                    assertSameBytes(handWritten, beans, Envelope.ok(views), type);
                }
            }
        }
        assertThat(routes).as("routes compared").isGreaterThan(MIX.size() * ROUTE_MODES.size() * 2);
    }

    @Test
    void buildBestPathRoutesAreTheBytesOfTheBeanSerializers() throws Exception {
        JacksonJsonHttpMessageConverter handWritten = new JacksonJsonHttpMessageConverter(json);
        JacksonJsonHttpMessageConverter beans = new JacksonJsonHttpMessageConverter(beanSerializing(json));
        ResolvableType type = ResolvableType.forClassWithGenerics(Envelope.class, BuildBestPathResult.class);
        for (List<String> pair : MIX) {
            for (String optionals : List.of("", OPTIONALS)) {
                BuildBestPathResult result = builds.buildBestPath(
                        parser.buildBestPath(request(pair, "suggested&includeRoute=true" + optionals)));
                assertThat(result.route()).isNotNull();
                assertSameBytes(handWritten, beans, Envelope.ok(result), type);
            }
        }
    }

    /** What the snapshot market cannot produce: a chain-mode block number, and every nullable value null. */
    @Test
    void absentAndNullValuesAreWrittenAsTheBeanSerializersWriteThem() throws Exception {
        JacksonJsonHttpMessageConverter handWritten = new JacksonJsonHttpMessageConverter(json);
        JacksonJsonHttpMessageConverter beans = new JacksonJsonHttpMessageConverter(beanSerializing(json));
        QuoteViews.RouteView real = quotes.quote(parser.quote(request(MIX.get(2), "fastest" + OPTIONALS))).getFirst();
        QuoteViews.RouteView chainMode = new QuoteViews.RouteView(real.amount(), real.amountOut(), real.amountOutUsd(),
                real.amountUsd(), real.bridgeCount(), real.expiry(), real.fees(), real.fromToken(), real.gasFee(),
                real.integratorId(), real.minAmountOut(), real.minAmountOutUsd(), real.path(), real.pathId(),
                real.pathTime(), real.pathType(), real.providers(), real.quoteId(), real.receiver(), real.routeAddress(),
                real.sender(), real.slippage(), real.toToken(), 21_000_123L);
        QuoteViews.TokenView token = new QuoteViews.TokenView("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", 1, 6, null,
                "USD \"Coin\" \u00e9", Double.MIN_VALUE, "USDC");
        QuoteViews.ProviderView provider = new QuoteViews.ProviderView(null, "uniswap-v3", null);
        List<QuoteViews.StepView> steps = new ArrayList<>();
        steps.add(new QuoteViews.StepView(null, Long.MAX_VALUE, Integer.MIN_VALUE, null, null, -1, null, null, null,
                null, null, null, 0, token));
        steps.add(null);
        steps.add(new QuoteViews.StepView("0", 1, 0, "1", "2", 1, token, null, provider, null, "swap", "3", 1, null));
        // a step of a split route's second leg
        steps.add(new QuoteViews.StepView("0", 1, 0, "1", "2", 1, token, 1, provider, 2_500, "swap", "3", 1, token));
        List<QuoteViews.ProviderView> providers = new ArrayList<>();
        providers.add(provider);
        providers.add(null);
        QuoteViews.RouteView nulls = new QuoteViews.RouteView(null, null, -0.0, Double.MAX_VALUE, 0, -1,
                new QuoteViews.FeesView(null, 1.0E-7, null, 12345678.9), null,
                new QuoteViews.GasFeeView(null, 0.1, null, null), null, null, 1.0E21, steps, null, 0, null, providers,
                null, null, null, null, 1.0, null, null);
        QuoteViews.RouteView empty = new QuoteViews.RouteView("1", "2", 3.0, 4.0, 5, 6, null, null, null, "i", "7",
                8.0, List.of(), "p", 9, "t", List.of(), "q", "r", "a", "s", null, null, 0L);
        ResolvableType type = ResolvableType.forClassWithGenerics(List.class, QuoteViews.RouteView.class);
        assertSameBytes(handWritten, beans, List.of(chainMode, nulls, empty), type);
        // each view on its own, as a value and as a property
        for (Object view : List.of(chainMode, nulls, real.fees(), real.gasFee(), real.path().getFirst(), provider,
                steps.getFirst(), nulls.gasFee())) {
            assertThat(json.writeValueAsString(view)).isEqualTo(beanSerializing(json).writeValueAsString(view));
            assertThat(json.writeValueAsBytes(Map.of("v", view)))
                    .isEqualTo(beanSerializing(json).writeValueAsBytes(Map.of("v", view)));
        }
    }

    @Test
    void theOpenApiSchemasStillListTheRecordComponents() throws Exception {
        JsonNode schemas = json.readTree(mvc.perform(get("/v3/api-docs")).andExpect(status().isOk()).andReturn()
                .getResponse().getContentAsString()).path("components").path("schemas");
        for (Class<? extends Record> view : VIEWS) {
            List<String> components = Arrays.stream(view.getRecordComponents()).map(RecordComponent::getName).toList();
            assertThat(schemas.path(view.getSimpleName()).path("properties").propertyNames())
                    .as(view.getSimpleName()).containsExactlyElementsOf(components);
        }
    }

    /** The mix-in really masks the hand-written serializers (else the comparisons above prove nothing). */
    @Test
    void theReferenceMapperUsesTheBeanSerializers() {
        QuoteViews.RouteView route = new QuoteViews.RouteView("1", "2", 3.0, 4.0, 5, 6, null, null, null, null, "7",
                8.0, List.of(), "p", 9, "t", List.of(), "q", "r", null, "s", null, null, null);
        JsonMapper reordering = beanSerializing(json).rebuild().addMixIn(QuoteViews.RouteView.class, Reordered.class)
                .build();
        assertThat(reordering.writeValueAsString(route)).startsWith("{\"sender\":\"s\",");
        assertThat(json.writeValueAsString(route)).startsWith("{\"amount\":\"1\",");
    }

    /** The bean serializer with {@code sender} moved first. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonSerialize(using = ValueSerializer.None.class)
    @JsonPropertyOrder({"sender"})
    interface Reordered {
    }

    private static JsonMapper beanSerializing(JsonMapper mapper) {
        JsonMapper.Builder builder = mapper.rebuild();
        VIEWS.forEach(view -> builder.addMixIn(view, BeanSerialized.class));
        return builder.build();
    }

    private static void assertSameBytes(JacksonJsonHttpMessageConverter handWritten,
            JacksonJsonHttpMessageConverter beans, Object answer, ResolvableType type) throws Exception {
        MockHttpOutputMessage expected = new MockHttpOutputMessage();
        beans.write(answer, type, MediaType.APPLICATION_JSON, expected, null);
        MockHttpOutputMessage actual = new MockHttpOutputMessage();
        handWritten.write(answer, type, MediaType.APPLICATION_JSON, actual, null);
        assertThat(actual.getHeaders().toSingleValueMap()).isEqualTo(expected.getHeaders().toSingleValueMap());
        String expectedText = expected.getBodyAsString(StandardCharsets.UTF_8);
        assertThat(actual.getBodyAsString(StandardCharsets.UTF_8)).isEqualTo(expectedText);
        assertThat(actual.getBodyAsBytes()).isEqualTo(expected.getBodyAsBytes());
    }

    private static MockHttpServletRequest request(List<String> pair, String modeAndOptionals) {
        MockHttpServletRequest http = new MockHttpServletRequest("GET", "/quote");
        String query = "fromChain=" + pair.get(0) + "&fromToken=" + pair.get(1) + "&toChain=" + pair.get(2)
                + "&toToken=" + pair.get(3) + "&amount=" + pair.get(4) + "&sender=" + SENDER + "&routeMode="
                + modeAndOptionals;
        http.setQueryString(query);
        for (String p : query.split("&")) {
            int eq = p.indexOf('=');
            http.addParameter(p.substring(0, eq), p.substring(eq + 1));
        }
        return http;
    }
}
