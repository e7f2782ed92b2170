package dev.junction.support.endpoints;

import dev.junction.chain.Address;
import dev.junction.execution.RouteKind;
import dev.junction.execution.SwapSubmission;
import dev.junction.execution.SwapView;
import dev.junction.execution.Swaps;
import dev.junction.execution.network.ChainTx;
import dev.junction.execution.network.Network;
import dev.junction.market.Market;
import dev.junction.market.SimulationClock;
import io.swagger.v3.oas.annotations.Hidden;
import java.time.Instant;
import java.util.Arrays;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * Test sources only, never in the product jar: with {@code junction.execution.test-endpoint=true} it lets the
 * reliability tests submit swaps to the packaged service (started with these classes on its class path,
 * {@link TestEndpoints}) and read the network ledger without the routing and gasless modules. It submits swaps without
 * any signature.
 */
@Hidden
@RestController
@ConditionalOnProperty(name = TestEndpoints.PROPERTY, havingValue = "true")
class TestSwapController {

    private final Swaps swaps;
    private final Market market;
    private final Network network;
    private final SimulationClock clock;

    TestSwapController(Swaps swaps, Market market, Network network, SimulationClock clock) {
        this.swaps = swaps;
        this.market = market;
        this.network = network;
        this.clock = clock;
    }

    /**
     * @param shape {@code sameChainSwap}, {@code bridge} or {@code crossChainSwap}
     * @param sender the wallet
     * @param index spreads swaps over the market's pools and lanes
     * @param deadlineSeconds simulation seconds from now until the deadline
     */
    record TestSwapRequest(String shape, String sender, int index, long deadlineSeconds) {
    }

    /** What the ledger knows about one swap: its state and how many transactions of each kind were sent for it. */
    record LedgerEntry(String swapId, String state, String substatus, String sourceTxHash, int sourceTxs,
            int destinationTxs, int refundTxs) {
    }

    /** A submission in plain JSON types. */
    record TestSwapResponse(String swapId, String executorTxId, long fromChainId, String sourceTxHash) {
    }

    @PostMapping("/internal/test/swaps")
    TestSwapResponse submit(@RequestBody TestSwapRequest request) {
        RouteKind shape = Arrays.stream(RouteKind.values()).filter(k -> k.wire().equals(request.shape())).findFirst()
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.BAD_REQUEST, "unknown shape"));
        Instant deadline = clock.now().plusSeconds(request.deadlineSeconds());
        SwapSubmission s = swaps.submit(TestPlans.plan(market.current(), shape, Address.evm(request.sender()),
                request.index(), deadline));
        return new TestSwapResponse(s.swapId(), s.executorTxId(), s.fromChain().value(), s.sourceTxHash().value());
    }

    @GetMapping("/internal/test/swaps/{id}")
    LedgerEntry ledger(@PathVariable String id) {
        SwapView v = swaps.find(id).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no swap " + id));
        return new LedgerEntry(id, v.state().name(), v.substatus().name(), v.sourceTx().hash().value(),
                network.countSent(id, ChainTx.TxKind.SOURCE), network.countSent(id, ChainTx.TxKind.DESTINATION),
                network.countSent(id, ChainTx.TxKind.REFUND));
    }
}
