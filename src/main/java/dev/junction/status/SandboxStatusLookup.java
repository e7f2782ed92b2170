package dev.junction.status;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.SwapState;
import dev.junction.execution.SwapView;
import dev.junction.execution.Swaps;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Provider;
import dev.junction.market.SimulationClock;
import dev.junction.market.Token;
import java.util.Locale;
import java.util.Optional;

/**
 * The sandbox's {@link StatusLookup}: the swap whose source transaction it is among the executor's swaps, mapped to the
 * status model (2.12). Chain mode's {@link ChainStatusLookup} answers from it what the nodes cannot.
 */
final class SandboxStatusLookup implements StatusLookup {

    private final Swaps swaps;
    private final Market market;
    private final SimulationClock clock;

    SandboxStatusLookup(Swaps swaps, Market market, SimulationClock clock) {
        this.swaps = swaps;
        this.market = market;
        this.clock = clock;
    }

    @Override
    public StatusResult lookup(TxHash txHash, ChainId fromChainId, String userAddress) {
        Optional<SwapView> found = find(txHash, fromChainId, userAddress);
        if (found.isEmpty()) {
            return StatusResult.notFound("No swap with source transaction " + txHash + " on chain " + fromChainId
                    + " is known yet; poll again.", StatusService.NOT_FOUND_POLL_SECONDS);
        }
        return map(found.get());
    }

    /** The executor's swap of this source transaction, when {@code userAddress} (if given) is its sender. */
    Optional<SwapView> find(TxHash txHash, ChainId fromChainId, String userAddress) {
        return swaps.findBySourceTx(fromChainId, txHash)
                .filter(v -> userAddress == null || v.sender().lower().equals(userAddress.toLowerCase(Locale.ROOT)));
    }

    @Override
    public StatusResult of(SwapView swap) {
        return map(swap);
    }

    /** Never: the sandbox answers every hash from the executor's swaps. */
    @Override
    public boolean readsNode(ChainId fromChainId) {
        return false;
    }

    /** The swap in the status model, its tokens and chains named from the current market. */
    StatusResult map(SwapView v) {
        return map(v, market.current());
    }

    private StatusResult map(SwapView v, MarketSnapshot m) {
        SwapStatus status = status(v.state());
        boolean received = v.receivedToken() != null;
        StatusResult.Asset receivedAsset = received
                ? asset(m, receivedChain(v), v.receivedToken(), v.amountOut()) : null;
        StatusResult.Details details = new StatusResult.Details(v.substatus().name(), v.message(), receivedAsset,
                received ? v.amountOut().toString() : null, v.state().terminal() ? null : pollAfter(v.state()));
        Amount toAmount = switch (v.state()) {
            case DONE -> received ? Amount.ZERO : v.amountOut();
            case FAILED, REFUNDED, EXPIRED -> Amount.ZERO;
            default -> v.minAmountOut();
        };
        String providerName = m.provider(v.provider()).map(Provider::name).orElse(v.provider());
        return new StatusResult(tx(m, v.destinationTx()), details, asset(m, v.fromChain(), v.fromToken(), v.amountIn()),
                v.kind().wire(), new StatusResult.ProviderRef(v.provider(), providerName), v.routeKind().wire(),
                tx(m, v.sourceTx()), status, v.swapId(), v.executorTxId(), asset(m, v.toChain(), v.toToken(), toAmount),
                v.updatedAtMs());
    }

    private static SwapStatus status(SwapState state) {
        return switch (state) {
            case RECEIVED, SOURCE_SENT, BRIDGING, DESTINATION_PENDING, REFUNDING -> SwapStatus.PENDING;
            case DONE -> SwapStatus.DONE;
            case FAILED -> SwapStatus.FAILED;
            case REFUNDED -> SwapStatus.REFUNDED;
            case EXPIRED -> SwapStatus.EXPIRED;
        };
    }

    /** Real seconds until the next state change is plausible: the simulated wait scaled by the clock speed, >= 1. */
    private int pollAfter(SwapState state) {
        int simulatedSeconds = switch (state) {
            case RECEIVED -> 2;
            case SOURCE_SENT -> 15;
            case BRIDGING, DESTINATION_PENDING, REFUNDING -> 30;
            default -> 5;
        };
        return (int) Math.max(1, Math.ceil(simulatedSeconds / clock.speed()));
    }

    private static ChainId receivedChain(SwapView v) {
        return v.state() == SwapState.REFUNDED ? v.fromChain() : v.toChain();
    }

    private static StatusResult.Asset asset(MarketSnapshot m, ChainId chain, Address token, Amount amount) {
        Optional<Token> t = m.token(chain, token);
        return new StatusResult.Asset(chain.value(), token.value(), t.map(Token::symbol).orElse(null),
                t.map(Token::decimals).orElse(null), amount.toString());
    }

    private static StatusResult.TxDetails tx(MarketSnapshot m, SwapView.TxRef ref) {
        if (ref == null) {
            return null;
        }
        String logo = m.chain(ref.chain()).map(c -> c.logoUrl()).orElse(null);
        return new StatusResult.TxDetails(ref.chain().value(), logo,
                ref.timestampMs() == null ? null : ref.timestampMs() / 1000, ref.hash().value());
    }
}
