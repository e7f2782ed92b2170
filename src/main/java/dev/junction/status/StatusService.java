package dev.junction.status;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.ChainRelay;
import dev.junction.execution.SwapKind;
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
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Service;

/**
 * Answers GET /status: finds a swap by its source transaction and maps it to the status model (2.12). In chain mode a
 * hash on a configured chain is read from that chain's node instead ({@link ChainStatus}): any transaction, whoever
 * sent it, never a sandbox swap.
 */
@Service
public class StatusService {

    /** Seconds to wait before polling for an unknown hash (a just-broadcast transaction may not be indexed yet). */
    static final int NOT_FOUND_POLL_SECONDS = 5;

    private final Swaps swaps;
    private final Market market;
    private final SimulationClock clock;
    private final ChainStatus chains;
    private final ChainRelay relay;

    /** The sandbox's status: swaps of the embedded network only. */
    public StatusService(Swaps swaps, Market market, SimulationClock clock) {
        this(swaps, market, clock, (ChainStatus) null, null);
    }

    @Autowired
    StatusService(Swaps swaps, Market market, SimulationClock clock, ObjectProvider<ChainStatus> chains,
            ObjectProvider<ChainRelay> relay) {
        this(swaps, market, clock, chains.getIfAvailable(), relay.getIfAvailable());
    }

    private StatusService(Swaps swaps, Market market, SimulationClock clock, ChainStatus chains, ChainRelay relay) {
        this.swaps = swaps;
        this.market = market;
        this.clock = clock;
        this.chains = chains;
        this.relay = relay;
    }

    /**
     * The status of the swap whose source transaction is {@code txHash} on {@code fromChainId}.
     *
     * @param userAddress when not null, must be the swap's sender (compared case-insensitively), else NOT_FOUND: the
     *     answer never reveals another wallet's swap
     */
    public StatusResult lookup(TxHash txHash, ChainId fromChainId, String userAddress) {
        if (chains != null && chains.serves(fromChainId)) {
            StatusResult onChain = chains.lookup(txHash, fromChainId, userAddress);
            if (onChain.status() != SwapStatus.NOT_FOUND) {
                return onChain;
            }
            // a relayer's hash the chain does not know because the relayer replaced it (same nonce, fees raised) and
            // the chain included another version: that version is the route's transaction
            Optional<ChainRelay.Outcome> relayed = relay == null ? Optional.empty()
                    : relay.outcome(fromChainId, txHash);
            if (relayed.isPresent() && relayed.get().included() && !relayed.get().hash().equals(txHash)) {
                return chains.lookup(relayed.get().hash(), fromChainId, userAddress);
            }
            // the one answer the node cannot give: a relayed gasless swap whose transaction never made it on chain
            // and was cancelled once the chain passed the permit deadline (the hash will never exist there)
            return swaps.findBySourceTx(fromChainId, txHash)
                    .filter(v -> v.kind() == SwapKind.GASLESS && v.state() == SwapState.EXPIRED)
                    .filter(v -> userAddress == null || v.sender().lower().equals(userAddress.toLowerCase(Locale.ROOT)))
                    .map(v -> map(v, market.current())).orElse(onChain);
        }
        Optional<SwapView> found = swaps.findBySourceTx(fromChainId, txHash)
                .filter(v -> userAddress == null || v.sender().lower().equals(userAddress.toLowerCase(Locale.ROOT)));
        if (found.isEmpty()) {
            return StatusResult.notFound("No swap with source transaction " + txHash + " on chain " + fromChainId
                    + " is known yet; poll again.", NOT_FOUND_POLL_SECONDS);
        }
        return map(found.get(), market.current());
    }

    /** A swap of the executor as GET /status answers it now (the webhooks' body of a swap's change). */
    public StatusResult of(SwapView swap) {
        return map(swap, market.current());
    }

    StatusResult map(SwapView v, MarketSnapshot m) {
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

    static SwapStatus status(SwapState state) {
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
