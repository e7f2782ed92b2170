package dev.junction.execution.relayer;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.calldata.RouterAbi;
import dev.junction.calldata.RouterErrors;
import dev.junction.chain.Amount;
import dev.junction.chain.Bytes32;
import dev.junction.chain.TxHash;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.execution.CallRevertedException;
import dev.junction.execution.ChainRelay;
import dev.junction.execution.RelayerUnfundedException;
import dev.junction.nodes.LogEntry;
import dev.junction.nodes.RpcException;
import dev.junction.nodes.TxReceipt;
import dev.junction.store.WakeableLoop;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * The relayer of each configured chain, and the loop that follows their transactions: at start (and until it
 * succeeds) each relayer reconciles its nonce with the node; then every poll interval it advances every open
 * transaction of the relayer key on that chain, whichever instance signed it, so a transaction signed by an instance
 * that died is still broadcast (no stuck nonce gap). A node that cannot be reached is retried at the next poll.
 */
public final class Relayers implements SmartLifecycle, ChainRelay {

    private static final Logger log = LoggerFactory.getLogger(Relayers.class);

    /** Topic 0 of the router's {@code RouteExecuted}: its data ends with amountOut. */
    private static final Bytes32 ROUTE_EXECUTED = RouterAbi.topic(RouterAbi.EVENTS.getFirst());

    private final Map<ChainId, Relayer> byChain;
    private final Address feeRecipient;
    private final Map<ChainId, Boolean> reconciled = new ConcurrentHashMap<>();
    private final Map<ChainId, Relayer.Funding> funding = new ConcurrentHashMap<>();
    private final Map<ChainId, Long> lastGasLimit = new ConcurrentHashMap<>();
    private final WakeableLoop loop;

    public Relayers(List<Relayer> relayers, long pollIntervalMs) {
        this(relayers, null, pollIntervalMs);
    }

    /** @param feeRecipient where gasless fees go; null: each relayer's own account */
    public Relayers(List<Relayer> relayers, Address feeRecipient, long pollIntervalMs) {
        this.byChain = relayers.stream().collect(Collectors.toUnmodifiableMap(Relayer::chain, r -> r));
        this.feeRecipient = feeRecipient;
        this.loop = WakeableLoop.of("relayer", pollIntervalMs, this::pollOnce);
    }

    @Override
    public Optional<Address> relayer(ChainId chain) {
        return on(chain).map(Relayer::address);
    }

    @Override
    public Optional<Address> feeRecipient(ChainId chain) {
        return on(chain).map(r -> feeRecipient == null ? r.address() : feeRecipient);
    }

    @Override
    public byte[] simulate(ChainId chain, Address to, byte[] data) {
        Relayer r = require(chain);
        try {
            return r.rpc().call(r.address(), to, data, "latest");
        } catch (RpcException e) {
            String revertData = e.data().orElse(null);
            if (e.type().retryable()
                    || revertData == null && !e.getMessage().toLowerCase(Locale.ROOT).contains("revert")) {
                throw e;
            }
            throw new CallRevertedException(RouterErrors.decode(revertData, nodeMessage("eth_call", e)).message(),
                    revertData == null ? "0x" : revertData);
        }
    }

    @Override
    public long gasLimit(ChainId chain, Address to, byte[] data) {
        return require(chain).gasLimit(to, BigInteger.ZERO, data);
    }

    @Override
    public void requireFunded(ChainId chain, long gasLimit) {
        Relayer r = require(chain);
        Relayer.Funding f = r.funding(gasLimit);
        lastGasLimit.put(chain, gasLimit);
        funding.put(chain, f);
        if (!f.enough()) {
            log.warn("relayer {} on chain {} holds {} wei and needs {} wei: refusing gasless swaps until it is funded",
                    r.address(), chain, f.balance(), f.required());
            throw new RelayerUnfundedException(chain, r.address(), f.balance(), f.required());
        }
    }

    /**
     * The last funding check of each chain's relayer (at a submit, or by the loop at most every
     * {@link #FUNDING_REFRESH_MS}); a chain not yet checked is absent.
     */
    public Map<ChainId, Relayer.Funding> funding() {
        return Map.copyOf(funding);
    }

    /** Refreshes a chain's funding in the loop when its last check is older than this. */
    static final long FUNDING_REFRESH_MS = 15_000;

    private void refreshFunding(Relayer r) {
        Relayer.Funding last = funding.get(r.chain());
        if (last != null && System.currentTimeMillis() - last.checkedAtMs() < FUNDING_REFRESH_MS) {
            return;
        }
        // before any submit: at least a plain transfer (a relayer holding nothing is never shown funded)
        funding.put(r.chain(), r.funding(lastGasLimit.getOrDefault(r.chain(), Relayer.TRANSFER_GAS)));
    }

    @Override
    public Relayed prepare(ChainId chain, String reference, Address to, byte[] data, long gasLimit,
            long validUntil) {
        RelayedTx t = reconciled(chain).prepare(reference, to, BigInteger.ZERO, data, gasLimit, validUntil);
        return new Relayed(t.currentHash(), t.nonce(), t.sender());
    }

    /**
     * As {@link #prepare}, for a call Junction's relayer makes for itself with no validity limit (the CCTP redeemer's
     * {@code redeem}): signed and recorded in the caller's database transaction, idempotent on {@code reference},
     * broadcast by this loop after the caller commits ({@link #wake()}).
     */
    public RelayedTx prepareCall(ChainId chain, String reference, Address to, byte[] data, long gasLimit) {
        return reconciled(chain).prepare(reference, to, BigInteger.ZERO, data, gasLimit, null);
    }

    /**
     * The chain's relayer, reconciled once: never take a nonce before the database's next nonce has been raised to the
     * node's pending count.
     */
    private Relayer reconciled(ChainId chain) {
        Relayer r = require(chain);
        if (!reconciled.getOrDefault(chain, false)) {
            r.reconcile();
            reconciled.put(chain, true);
        }
        return r;
    }

    @Override
    public Optional<Outcome> outcome(ChainId chain, TxHash hash) {
        Optional<Relayer> relayer = on(chain);
        if (relayer.isEmpty()) {
            return Optional.empty();
        }
        Relayer r = relayer.get();
        return r.findByHash(hash).map(t -> {
            if (t.state() == RelayedTx.State.SIGNED || t.state() == RelayedTx.State.BROADCAST) {
                return new Outcome(false, false, t.currentHash(), false, 0, null, null, t.cancelled());
            }
            if (t.cancelled() && r.versions(t.id()).stream().anyMatch(v -> v.hash().equals(t.includedHash())
                    && v.version() >= t.cancelVersion())) {
                // the chain included the cancellation: the call never ran
                return new Outcome(false, false, t.includedHash(), false, 0, null, null, true);
            }
            boolean confirmed = t.state() == RelayedTx.State.CONFIRMED;
            long timestampMs = r.rpc().findBlock(t.includedBlock()).map(b -> b.timestamp() * 1000).orElse(0L);
            if (Boolean.TRUE.equals(t.success())) {
                Amount out = r.rpc().receipt(t.includedHash()).map(TxReceipt::logs).orElse(List.of()).stream()
                        .filter(l -> !l.topics().isEmpty() && l.topics().getFirst().equals(ROUTE_EXECUTED)
                                && l.address().equals(t.to()))
                        .map(Relayers::lastWord).findFirst().map(Amount::of).orElse(null);
                return new Outcome(true, confirmed, t.includedHash(), true, timestampMs, out, null, false);
            }
            return new Outcome(true, confirmed, t.includedHash(), false, timestampMs, null, revertReason(r, t),
                    false);
        });
    }

    /**
     * Why an included transaction reverted: its call replayed from the relayer on the state before its block (the
     * node keeps no revert data in a receipt), decoded from the router's errors.
     */
    private static String revertReason(Relayer r, RelayedTx t) {
        try {
            r.rpc().call(t.sender(), t.to(), t.data(), "0x" + Long.toHexString(Math.max(0, t.includedBlock() - 1)));
            return "the transaction reverted on chain (it succeeds on the state before its block: out of gas, or "
                    + "an earlier transaction in the block changed the state)";
        } catch (RpcException e) {
            if (e.type().retryable()) {
                return "the transaction reverted on chain (" + e.getMessage() + ")";
            }
            return RouterErrors.decode(e.data().orElse(null), nodeMessage("eth_call", e)).message();
        } catch (RuntimeException e) {
            return "the transaction reverted on chain (" + e.getMessage() + ")";
        }
    }

    /**
     * The node's error as the relayer words it where it becomes a revert reason (the method, the node's message and
     * code): the reason a client reads when the node gave no revert data.
     */
    private static String nodeMessage(String method, RpcException e) {
        return method + " failed: " + e.getMessage() + " (code " + e.code() + ")";
    }

    private static BigInteger lastWord(LogEntry l) {
        int words = AbiDecoder.words(l.data());
        return words < 1 ? BigInteger.ZERO : AbiDecoder.uint(l.data(), words - 1);
    }

    private Relayer require(ChainId chain) {
        return on(chain).orElseThrow(() -> new IllegalArgumentException("no relayer on chain " + chain));
    }

    /** The relayer on {@code chain}, if one is configured. */
    public Optional<Relayer> on(ChainId chain) {
        return Optional.ofNullable(byChain.get(chain));
    }

    @Override
    public boolean configured(ChainId chain) {
        return byChain.containsKey(chain);
    }

    @Override
    public byte[] call(ChainId chain, Address to, byte[] data) {
        Relayer r = on(chain).orElseThrow(() -> new IllegalArgumentException("no node of chain " + chain));
        return r.rpc().call(to, data);
    }

    /** Follows open transactions now instead of at the next poll (after a transaction was prepared). */
    public void wake() {
        loop.wake();
    }

    /** One pass over every chain: reconcile if not yet done, then advance each open transaction one step. */
    public void pollOnce() {
        for (Relayer r : byChain.values()) {
            try {
                if (!reconciled.getOrDefault(r.chain(), false)) {
                    long next = r.reconcile();
                    reconciled.put(r.chain(), true);
                    log.info("relayer {} on chain {}: next nonce {}", r.address(), r.chain(), next);
                }
                refreshFunding(r);
                for (String id : r.open()) {
                    r.advance(id);
                }
            } catch (RpcException e) {
                if (e.type().retryable()) {
                    log.warn("relayer on chain {}: node unavailable, retrying: {}", r.chain(), e.getMessage());
                } else {
                    log.warn("relayer on chain {}: {}", r.chain(), e.toString());
                }
            } catch (RuntimeException e) {
                log.warn("relayer on chain {}: {}", r.chain(), e.toString());
            }
        }
    }

    @Override
    public void start() {
        if (!byChain.isEmpty()) {
            loop.start();
        }
    }

    @Override
    public void stop() {
        loop.stop();
    }

    @Override
    public boolean isRunning() {
        return loop.running();
    }
}
