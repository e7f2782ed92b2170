package dev.junction.devnet;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.execution.Settlement;
import dev.junction.execution.SettlementListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Follows the executor's transactions of the swaps the devnet's router started, inside the network's own database
 * transaction: the source transaction includes the pending router call (status 1 with the router's events, or status 0
 * with nothing moved: the pulled input goes back to the sender) and delivers a same-chain output to the receiver; a
 * destination transaction credits the receiver on the destination chain; a refund credits the sender on the source
 * chain. Transactions of other swaps (gasless) are ignored.
 */
final class RouterSettlements implements SettlementListener {

    private final TxStore txs;
    private final Ledger ledger;

    RouterSettlements(TxStore txs, Ledger ledger) {
        this.txs = txs;
        this.ledger = ledger;
    }

    @Override
    public void settled(Settlement s) {
        Optional<TxStore.Route> route = s.swapId() == null ? Optional.empty() : txs.route(s.swapId());
        if (route.isEmpty()) {
            return;
        }
        switch (s.role()) {
            case SOURCE -> source(route.get(), s);
            case DESTINATION -> ledger.add(s.chain(), s.tokenOut(), s.recipient(), s.amountOut().value());
            case REFUND -> ledger.add(s.chain(), s.tokenOut(), s.recipient(), s.amountOut().value());
        }
    }

    private void source(TxStore.Route r, Settlement s) {
        MinedTx t = txs.find(r.chainId(), r.txHash()).orElseThrow();
        Address router = Address.evm(r.router());
        Address sender = Address.evm(t.from());
        ChainId chain = s.chain();
        if (!s.success()) {
            ledger.add(chain, s.tokenIn(), router, s.amountIn().value().negate());
            ledger.add(chain, s.tokenIn(), sender, s.amountIn().value());
            txs.include(t, s.blockNumber(), 0, "InsufficientOutput: the swaps return less than the minimum output",
                    List.of());
            return;
        }
        ledger.add(chain, s.tokenIn(), router, s.amountIn().value().negate());
        List<EvmAbi.Log> logs = new ArrayList<>();
        if (s.bridged()) {
            logs.add(RouterEvents.bridgeInitiated(router, r.quoteId(), Address.evm(r.bridgeAdapter()), r.toChain(),
                    s.tokenIn(), s.amountIn().value(), s.recipient()));
            logs.add(RouterEvents.routeExecuted(router, r.quoteId(), sender, s.recipient(), s.tokenIn(),
                    s.amountIn().value(), s.tokenOut(), s.amountOut().value()));
        } else {
            ledger.add(chain, s.tokenOut(), s.recipient(), s.amountOut().value());
            logs.add(new EvmAbi.Log(s.tokenOut().lower(), List.of(Contracts.TRANSFER_EVENT, Quantity.topic(router),
                    Quantity.topic(s.recipient())), Quantity.word(s.amountOut().value())));
            logs.add(RouterEvents.routeExecuted(router, r.quoteId(), sender, s.recipient(), s.tokenIn(),
                    s.amountIn().value(), s.tokenOut(), s.amountOut().value()));
        }
        txs.include(t, s.blockNumber(), 1, null, logs);
    }
}
