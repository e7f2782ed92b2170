package dev.junction.api;

import dev.junction.chain.Address;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Token;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The discovery endpoints (also under {@code /v1}): what the market holds right now, read from one snapshot per
 * request. {@code /chains}, {@code /tokens?chain=&symbol=}, {@code /providers},
 * {@code /connections?fromChain=&toChain=&fromToken=}.
 */
@RestController
@Tag(name = "discovery", description = "Chains, tokens, providers and bridge connections Junction knows.")
public class DiscoveryController {

    private static final int SYMBOL_MAX = 32;

    private final MarketGate gate;

    DiscoveryController(MarketGate gate) {
        this.gate = gate;
    }

    @Operation(operationId = "chains", summary = "Every chain Junction serves, with its native token and logo.")
    @GetMapping(path = {"/chains", "/v1/chains"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<DiscoveryViews.Chains> chains() {
        MarketSnapshot market = gate.served().snapshot();
        return Envelope.ok(new DiscoveryViews.Chains(
                market.chains().stream().map(c -> DiscoveryViews.ChainView.of(c, market)).toList()));
    }

    @Operation(operationId = "tokens", summary = "Tokens Junction knows, optionally on one chain and with one symbol.")
    @GetMapping(path = {"/tokens", "/v1/tokens"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<DiscoveryViews.Tokens> tokens(HttpServletRequest http) {
        QueryParams q = new QueryParams(http.getParameterMap());
        MarketGate.Served served = gate.served();
        Optional<Chain> chain = q.optional("chain").map(text -> served.chain("chain", text));
        Optional<String> symbol = q.optional("symbol").map(text -> ParamRules.text("symbol", text, SYMBOL_MAX))
                .map(s -> s.toLowerCase(Locale.ROOT));
        MarketSnapshot market = served.snapshot();
        List<Token> tokens = chain.map(c -> market.tokens(c.id())).orElse(market.tokens());
        return Envelope.ok(new DiscoveryViews.Tokens(tokens.stream()
                .filter(t -> symbol.isEmpty() || t.symbol().toLowerCase(Locale.ROOT).equals(symbol.get()))
                .map(DiscoveryViews.TokenView::of).toList()));
    }

    @Operation(operationId = "providers", summary = "Every DEX and bridge provider: key (as name), display name, "
            + "type and icon.")
    @GetMapping(path = {"/providers", "/v1/providers"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<DiscoveryViews.Providers> providers() {
        MarketSnapshot market = gate.served().snapshot();
        return Envelope.ok(new DiscoveryViews.Providers(
                market.providers().stream().map(DiscoveryViews.ProviderView::of).toList()));
    }

    @Operation(operationId = "connections", summary = "Bridge lanes: which bridges connect which tokens between "
            + "which chains, with fee, latency, minimum and capacity.")
    @GetMapping(path = {"/connections", "/v1/connections"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<DiscoveryViews.Connections> connections(HttpServletRequest http) {
        QueryParams q = new QueryParams(http.getParameterMap());
        MarketGate.Served served = gate.served();
        Optional<Chain> from = q.optional("fromChain").map(text -> served.chain("fromChain", text));
        Optional<Chain> to = q.optional("toChain").map(text -> served.chain("toChain", text));
        Optional<String> fromTokenText = q.optional("fromToken");
        if (fromTokenText.isPresent() && from.isEmpty()) {
            throw new ApiException(ErrorCode.MISSING_PARAMETER, "fromChain is required when fromToken is given",
                    "fromChain");
        }
        Optional<Address> fromToken = fromTokenText.map(text -> served.token("fromToken", from.get(), text));
        MarketSnapshot market = served.snapshot();
        List<BridgeLane> lanes = market.lanes().stream()
                .filter(l -> from.isEmpty() || l.fromChain().equals(from.get().id()))
                .filter(l -> to.isEmpty() || l.toChain().equals(to.get().id()))
                .filter(l -> fromToken.isEmpty() || l.inputToken().equals(fromToken.get()))
                .toList();
        return Envelope.ok(new DiscoveryViews.Connections(
                lanes.stream().map(l -> DiscoveryViews.ConnectionView.of(l, market)).toList()));
    }
}
