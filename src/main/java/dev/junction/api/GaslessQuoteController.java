package dev.junction.api;

import dev.junction.gasless.GaslessQuoteCommand;
import dev.junction.gasless.GaslessService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** `/gasless/quote` (also `/v1/gasless/quote`). */
@RestController
@Tag(name = "/gasless/quote")
public class GaslessQuoteController {

    private final RequestParser parser;
    private final GaslessService service;

    GaslessQuoteController(RequestParser parser, GaslessService service) {
        this.parser = parser;
        this.service = service;
    }

    @Operation(operationId = "gaslessQuote", summary = "Quote a gasless swap with a pre-built EIP-712 permit.")
    @GetMapping(path = {"/gasless/quote", "/v1/gasless/quote"}, produces = MediaType.APPLICATION_JSON_VALUE)
    public Envelope<List<GaslessResponses.QuoteItem>> gaslessQuote(HttpServletRequest http) {
        GaslessQuoteRequest r = parser.gaslessQuote(http);
        GaslessQuoteCommand command = new GaslessQuoteCommand(r.fromChain(), r.fromToken(), r.toChain(), r.toToken(),
                r.amount(), r.sender(), r.receiver(), r.acquisitionMode().code(), r.feeBps(), r.allowMultiBridge(),
                r.rankingMode() == null ? null : r.rankingMode().wire(), r.slippage(), r.deadlineMinutes(), r.meta(),
                r.includeProviders(), r.excludeProviders());
        return Envelope.ok(service.quote(command).stream().map(GaslessResponses::of).toList());
    }
}
