package dev.junction.execution.cctp;

import dev.junction.calldata.AdapterDirectory;
import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.execution.relayer.RelayedTx;
import dev.junction.execution.relayer.Relayers;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.EthRpc;
import dev.junction.nodes.LogEntry;
import dev.junction.nodes.RpcException;
import dev.junction.nodes.TxReceipt;
import dev.junction.protocol.cctp.CctpMessages;
import dev.junction.protocol.cctp.CctpMessages.LegSent;
import dev.junction.protocol.cctp.CctpMessages.Redemption;
import dev.junction.store.WakeableLoop;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Junction's CCTP redeemer on real chains. Each pass, for every chain with a {@code cctp} bridge and Junction's
 * {@code CctpAdapter}: reads the adapter's {@code CctpLegSent} logs from a block cursor kept in the database (up to
 * the chain's final blocks: head less its confirmations), takes the burn and leg messages of each leg's transaction
 * from the source MessageTransmitter's {@code MessageSent} logs and records the leg (one row per source chain and burn
 * nonce, {@link CctpRedemptionStore}), when its mint recipient is the destination's receiver (the one configured
 * under {@code bridges.cctp.receiver}, if any, and a bridge messenger of the destination router). Then every open row: asks Iris for both attestations; once both are complete,
 * checks the destination MessageTransmitter's {@code usedNonces} (someone else redeemed: done), estimates the
 * receiver's {@code redeem} from the relayer and hands it to the relayer ({@link Relayers#prepareCall}: signed and
 * recorded in the same database transaction as the row's SENDING, idempotent on the row's reference), which
 * broadcasts it, replaces it if stuck and follows it to its confirmations; a confirmed redeem makes the row DONE.
 * Exactly once: the row's key and the relayer's reference; and on chain, Circle's used nonces (a second redeem
 * reverts). A node or Iris that fails is retried with a backoff; rows survive restarts.
 */
final class ChainCctpRedeemer implements CctpRedeemer {

    private static final Logger log = LoggerFactory.getLogger(ChainCctpRedeemer.class);

    /** Blocks per {@code eth_getLogs}. */
    static final long LOG_RANGE = 2_000;
    /** Log ranges read per chain and pass (the rest in the next passes). */
    static final int RANGES_PER_PASS = 10;
    /** Rows advanced per pass. */
    static final int ROWS_PER_PASS = 100;
    /** Failed estimates of a redeem (the nonce still unused) after which the row is FAILED. */
    static final int MAX_SEND_ATTEMPTS = 8;

    private final List<ChainSettings> chains;
    private final Function<ChainId, Optional<EthRpc>> nodes;
    private final AdapterDirectory adapters;
    private final Relayers relayers;
    private final CctpRedemptionStore store;
    private final TransactionTemplate tx;
    private final IrisClient iris;
    private final CctpProperties props;
    private final LongSupplier clock;
    private final WakeableLoop loop;
    private final Map<String, Address> transmitters = new ConcurrentHashMap<>();

    ChainCctpRedeemer(List<ChainSettings> chains, Function<ChainId, Optional<EthRpc>> nodes, AdapterDirectory adapters,
            Relayers relayers, CctpRedemptionStore store, TransactionTemplate tx, IrisClient iris,
            CctpProperties props, LongSupplier clock) {
        this.chains = List.copyOf(chains);
        this.nodes = nodes;
        this.adapters = adapters;
        this.relayers = relayers;
        this.store = store;
        this.tx = tx;
        this.iris = iris;
        this.props = props;
        this.clock = clock;
        this.loop = WakeableLoop.of(CctpMessages.REDEEMER, props.pollInterval().toMillis(), this::pollOnce);
    }

    /** A source chain the redeemer follows: its CCTP domain, its TokenMessenger and Junction's CctpAdapter. */
    record Source(ChainSettings chain, int domain, Address tokenMessenger, Address adapter) {
    }

    /** The chains with a {@code cctp} bridge, a CCTP domain, a router and Junction's adapter for the bridge. */
    List<Source> sources() {
        List<Source> out = new ArrayList<>();
        for (ChainSettings c : chains) {
            Optional<Integer> domain = CctpMessages.domain(c.id());
            if (domain.isEmpty() || c.router() == null) {
                continue;
            }
            for (ChainSettings.Bridge b : c.bridges().values()) {
                if (CctpMessages.serves(b.key())) {
                    adapters.adapter(c.id(), c.router(), b.key()).ifPresent(a -> out.add(new Source(c, domain.get(),
                            b.contract(), a)));
                }
            }
        }
        return out;
    }

    @Override
    public void pollOnce() {
        for (Source s : sources()) {
            try {
                follow(s);
            } catch (RuntimeException e) {
                log.warn("CCTP redeemer: reading chain {}'s legs failed, retrying next pass: {}", s.chain().id(),
                        e.toString());
            }
        }
        for (CctpRedemption r : store.due(clock.getAsLong(), ROWS_PER_PASS)) {
            try {
                advance(r);
            } catch (RuntimeException e) {
                long now = clock.getAsLong();
                long next = now + props.backoffMs(r.attempts() + 1);
                log.warn("CCTP redeemer: leg {} of chain {} (burn nonce {}): {}; again in {} ms", r.sourceTx(),
                        r.sourceChain(), r.burnNonce(), e.toString(), next - now);
                tx.executeWithoutResult(t -> store.retryLater(r, e.toString(), next, now));
            }
        }
    }

    // ------------------------------------------------------------------------------------------- legs found

    /** Reads the adapter's {@code CctpLegSent} logs from the cursor up to the chain's final blocks. */
    void follow(Source s) {
        ChainId id = s.chain().id();
        EthRpc rpc = node(id);
        long safe = rpc.blockNumber() - Math.max(1, s.chain().confirmations()) + 1;
        long from = store.cursor(id).orElse(-1);
        if (from < 0) {
            from = props.startBlocks().getOrDefault(id.value(), Math.max(0, safe));
            long first = from;
            tx.executeWithoutResult(t -> store.advance(id, first, clock.getAsLong()));
            log.info("CCTP redeemer: following chain {}'s adapter {} from block {}", id, s.adapter(), first);
        }
        for (int i = 0; i < RANGES_PER_PASS && from <= safe; i++) {
            long to = Math.min(safe, from + LOG_RANGE - 1);
            for (LogEntry l : rpc.logs(s.adapter(), from, to, List.of(List.of(CctpMessages.CCTP_LEG_SENT)))) {
                if (!l.removed()) {
                    CctpMessages.legSent(l).ifPresent(leg -> record(s, rpc, leg));
                }
            }
            long next = to + 1;
            tx.executeWithoutResult(t -> store.advance(id, next, clock.getAsLong()));
            from = next;
        }
    }

    /** Records one leg (ATTESTING), when its destination is a configured chain whose router knows the receiver. */
    void record(Source s, EthRpc rpc, LegSent leg) {
        Optional<ChainId> dest = CctpMessages.chainOf(leg.destinationDomain());
        Optional<ChainSettings> ds = dest.flatMap(d -> chains.stream().filter(c -> c.id().equals(d)).findFirst());
        if (ds.isEmpty() || ds.get().router() == null) {
            log.warn("CCTP redeemer: leg {} (burn nonce {}) goes to CCTP domain {}, not a configured chain with a "
                    + "router: not redeemed by Junction", leg.transactionHash(), leg.burnNonce(),
                    leg.destinationDomain());
            return;
        }
        if (store.find(s.chain().id(), leg.burnNonce()).isPresent()) {
            return;
        }
        Optional<Address> configured = ds.get().bridges().values().stream()
                .filter(b -> CctpMessages.serves(b.key()) && b.receiver() != null).map(ChainSettings.Bridge::receiver)
                .findFirst();
        if (configured.isPresent() && !configured.get().equals(leg.receiver())) {
            log.warn("CCTP redeemer: leg {} (burn nonce {}) mints to {}, not chain {}'s configured receiver {}: not "
                    + "redeemed", leg.transactionHash(), leg.burnNonce(), leg.receiver(), ds.get().id(),
                    configured.get());
            return;
        }
        EthRpc destRpc = node(ds.get().id());
        byte[] known = destRpc.call(ds.get().router(), Abi.call("isBridgeMessenger(address)",
                Abi.address(leg.receiver())));
        if (new BigInteger(1, known).signum() == 0) {
            log.warn("CCTP redeemer: leg {} (burn nonce {}) mints to {}, which chain {}'s router does not accept as a "
                    + "bridge messenger (not Junction's receiver): not redeemed", leg.transactionHash(),
                    leg.burnNonce(), leg.receiver(), ds.get().id());
            return;
        }
        TxReceipt receipt = rpc.receipt(leg.transactionHash()).orElseThrow(() -> new IllegalStateException(
                "no receipt of " + leg.transactionHash() + " (its log was found)"));
        Address transmitter = transmitter(s.chain().id(), s.tokenMessenger());
        Optional<Redemption> messages = CctpMessages.redemption(leg, s.domain(),
                CctpMessages.messagesSent(receipt.logs(), transmitter));
        if (messages.isEmpty()) {
            log.warn("CCTP redeemer: transaction {} has no burn message with nonce {} and leg message with nonce {} "
                    + "from the transmitter {}: not redeemed", leg.transactionHash(), leg.burnNonce(), leg.legNonce(),
                    transmitter);
            return;
        }
        long now = clock.getAsLong();
        CctpRedemption r = new CctpRedemption(s.chain().id(), leg.burnNonce(), leg.legNonce(), leg.transactionHash(),
                leg.blockNumber(), ds.get().id(), leg.receiver(), messages.get().burn(), messages.get().leg(),
                leg.message(), null, null, CctpRedemption.State.ATTESTING, null, null, 0, now, null, now);
        if (Boolean.TRUE.equals(tx.execute(t -> store.insert(r, now)))) {
            log.info("CCTP redeemer: leg {} of chain {} (burn nonce {}, leg nonce {}) to chain {}: waiting for "
                    + "Circle's attestations", leg.transactionHash(), s.chain().id(), leg.burnNonce(),
                    leg.legNonce(), ds.get().id());
        }
    }

    // ------------------------------------------------------------------------------------------- rows

    /** Moves one open row as far as it can go now. */
    void advance(CctpRedemption r) {
        long now = clock.getAsLong();
        switch (r.state()) {
            case ATTESTING -> {
                if (r.burnAttestation() == null) {
                    Optional<byte[]> burn = attestation(r.burn());
                    Optional<byte[]> leg = burn.isEmpty() ? Optional.empty() : attestation(r.leg());
                    if (burn.isEmpty() || leg.isEmpty()) {
                        long next = now + props.attestationWaitMs(now - r.createdAtMs());
                        tx.executeWithoutResult(t -> store.waitUntil(r, next, now));
                        return;
                    }
                    tx.executeWithoutResult(t -> store.attested(r, burn.get(), leg.get(), now));
                    log.info("CCTP redeemer: leg {} of chain {} (burn nonce {}) attested", r.sourceTx(),
                            r.sourceChain(), r.burnNonce());
                }
                send(store.find(r.sourceChain(), r.burnNonce()).orElseThrow());
            }
            case SENDING -> follow(r);
            default -> {
                // terminal
            }
        }
    }

    private Optional<byte[]> attestation(CctpMessages.Message m) {
        return iris.attestation(m.hash()) instanceof IrisClient.Complete c ? Optional.of(c.signatures())
                : Optional.empty();
    }

    /** Attested: the redeem, unless the destination used the burn nonce already. */
    void send(CctpRedemption r) {
        long now = clock.getAsLong();
        if (used(r)) {
            tx.executeWithoutResult(t -> store.redeemedElsewhere(r, now));
            log.info("CCTP redeemer: leg {} of chain {} (burn nonce {}) was redeemed by someone else on chain {}",
                    r.sourceTx(), r.sourceChain(), r.burnNonce(), r.destinationChain());
            return;
        }
        if (relayers.on(r.destinationChain()).isEmpty()) {
            throw new IllegalStateException("Junction's relayer has no node on chain " + r.destinationChain());
        }
        byte[] data = CctpMessages.redeemCall(r.burn(), r.burnAttestation(), r.leg(), r.legAttestation(),
                r.message());
        long gas;
        try {
            gas = relayers.gasLimit(r.destinationChain(), r.receiver(), data);
        } catch (RpcException e) {
            if (e.type().retryable()) {
                throw e;
            }
            if (r.attempts() + 1 >= MAX_SEND_ATTEMPTS) {
                tx.executeWithoutResult(t -> store.failed(r, "redeem reverts: " + e.getMessage(), now));
                log.error("CCTP redeemer: the redeem of leg {} of chain {} (burn nonce {}) reverts after {} attempts, "
                        + "giving up: {}", r.sourceTx(), r.sourceChain(), r.burnNonce(), MAX_SEND_ATTEMPTS,
                        e.getMessage());
                return;
            }
            throw new IllegalStateException("the redeem reverts in eth_estimateGas: " + e.getMessage(), e);
        }
        RelayedTx sent = tx.execute(t -> {
            RelayedTx p = relayers.prepareCall(r.destinationChain(), r.reference(), r.receiver(), data, gas);
            store.sending(r, p.id(), now);
            return p;
        });
        relayers.wake();
        log.info("CCTP redeemer: leg {} of chain {} (burn nonce {}): redeem {} (nonce {}) sent on chain {}",
                r.sourceTx(), r.sourceChain(), r.burnNonce(), sent.currentHash(), sent.nonce(), r.destinationChain());
    }

    /** SENDING: the relayer's transaction, until it is final. */
    void follow(CctpRedemption r) {
        long now = clock.getAsLong();
        RelayedTx t = relayers.on(r.destinationChain()).flatMap(rel -> rel.find(r.relayedTxId()))
                .orElseThrow(() -> new IllegalStateException("the relayer has no transaction " + r.relayedTxId()));
        if (t.state() != RelayedTx.State.CONFIRMED) {
            tx.executeWithoutResult(s -> store.waitUntil(r, now + props.pollInterval().toMillis(), now));
            return;
        }
        if (Boolean.TRUE.equals(t.success())) {
            tx.executeWithoutResult(s -> store.done(r, t.includedHash(), now));
            log.info("CCTP redeemer: leg {} of chain {} (burn nonce {}) redeemed on chain {} by {}", r.sourceTx(),
                    r.sourceChain(), r.burnNonce(), r.destinationChain(), t.includedHash());
        } else if (used(r)) {
            tx.executeWithoutResult(s -> store.redeemedElsewhere(r, now));
            log.info("CCTP redeemer: Junction's redeem {} of leg {} reverted: someone else redeemed it first",
                    t.includedHash(), r.sourceTx());
        } else {
            tx.executeWithoutResult(s -> store.failed(r, "redeem " + t.includedHash() + " reverted", now));
            log.error("CCTP redeemer: the redeem {} of leg {} of chain {} (burn nonce {}) reverted and the nonce is "
                    + "unused", t.includedHash(), r.sourceTx(), r.sourceChain(), r.burnNonce());
        }
    }

    /** Whether the destination MessageTransmitter used the burn message's nonce. */
    boolean used(CctpRedemption r) {
        ChainSettings ds = chains.stream().filter(c -> c.id().equals(r.destinationChain())).findFirst()
                .orElseThrow(() -> new IllegalStateException("chain " + r.destinationChain() + " is not configured"));
        Address messenger = ds.bridges().values().stream().filter(b -> CctpMessages.serves(b.key())).findFirst()
                .orElseThrow(() -> new IllegalStateException("chain " + r.destinationChain() + " has no cctp bridge"))
                .contract();
        Address transmitter = transmitter(ds.id(), messenger);
        byte[] out = node(ds.id()).call(transmitter, CctpMessages.usedNoncesCall(r.burn().sourceDomain(),
                r.burnNonce()));
        return new BigInteger(1, out).signum() != 0;
    }

    /** A chain's MessageTransmitter: its TokenMessenger's {@code localMessageTransmitter()}, read once. */
    private Address transmitter(ChainId chain, Address tokenMessenger) {
        return transmitters.computeIfAbsent(chain.value() + ":" + tokenMessenger.lower(), k -> {
            byte[] out = node(chain).call(tokenMessenger, Abi.call(CctpMessages.LOCAL_MESSAGE_TRANSMITTER));
            return AbiDecoder.address(Hex.encode(out), 0);
        });
    }

    private EthRpc node(ChainId chain) {
        return nodes.apply(chain).orElseThrow(() -> new IllegalStateException("no node of chain " + chain));
    }

    /** Looks now rather than at the next poll. */
    void wake() {
        loop.wake();
    }

    @Override
    public void start() {
        loop.start();
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
