package dev.junction.api;

import dev.junction.gasless.GaslessQuoteCommand;
import dev.junction.gasless.GaslessService;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.quote.QuoteService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Set;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** `/gasless/quote` (also `/v1/gasless/quote`). */
@RestController
@Tag(name = "gasless")
public class GaslessQuoteController {

    private final RequestParser parser;
    private final GaslessService service;
    private final Market market;

    GaslessQuoteController(RequestParser parser, GaslessService service, Market market) {
        this.parser = parser;
        this.service = service;
        this.market = market;
    }

    @Operation(operationId = "gaslessQuote", summary = "Quote a gasless swap with a pre-built EIP-712 permit.")
    @GetMapping(path = {"/gasless/quote", "/v1/gasless/quote"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<List<GaslessResponses.QuoteItem>> gaslessQuote(HttpServletRequest http) {
        GaslessQuoteRequest r = parser.gaslessQuote(http);
        // provider keys are checked as /quote checks them (1002 naming the parameter and the valid keys)
        MarketSnapshot snapshot = market.current();
        Set<String> include = QuoteService.checkProviders("includeProvider", r.includeProviders(), snapshot);
        Set<String> exclude = QuoteService.checkProviders("excludeProvider", r.excludeProviders(), snapshot);
        GaslessQuoteCommand command = new GaslessQuoteCommand(r.fromChain(), r.fromToken(), r.toChain(), r.toToken(),
                r.amount(), r.sender(), r.receiver(), r.acquisitionMode().code(), r.feeBps(), r.allowMultiBridge(),
                r.rankingMode() == null ? null : r.rankingMode().wire(), r.slippage(), r.deadlineMinutes(), r.meta(),
                include, exclude, r.destinationCallData(),
                r.destinationGasLimit() == null ? null : r.destinationGasLimit().value(), r.fallbackAddress());
        return Envelope.ok(service.quote(command).stream().map(GaslessResponses::of).toList());
    }
}
