package dev.junction.execution.relayer;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.nodes.EthRpc;
import dev.junction.nodes.RpcException;
import dev.junction.nodes.TxReceipt;
import java.math.BigInteger;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.support.TransactionTemplate;
import org.web3j.crypto.Hash;
import org.web3j.crypto.RawTransaction;

/**
 * Sends the relayer's transactions on one chain exactly once. A transaction is signed locally (EIP-1559) and its
 * signed bytes and hash (keccak256 of those bytes) are committed to the database before they are broadcast; after a
 * crash {@link #advance} re-broadcasts the same bytes. Nonces come from the database ({@link RelayerStore}), raised to
 * the node's pending count by {@link #reconcile()} at start, so instances sharing the key never collide.
 *
 * <p>{@link #advance} drives one transaction one step along SIGNED -> BROADCAST -> INCLUDED -> CONFIRMED: a version
 * without a receipt after {@code replaceAfterBlocks} head blocks is replaced (same nonce, both fees raised by at least
 * {@code feeBumpPerMille}); an included version whose receipt disappears or moves to another block (a reorg) goes back
 * to BROADCAST and its bytes are broadcast again. Each step is safe to repeat.
 */
public final class Relayer {

    private static final Logger log = LoggerFactory.getLogger(Relayer.class);
    private static final HexFormat HEX = HexFormat.of();

    private final ChainId chain;
    private final EthRpc rpc;
    private final RelayerKey key;
    private final RelayerStore store;
    private final TransactionTemplate tx;
    private final RelayerPolicy policy;
    private final LongSupplier clock;

    public Relayer(ChainId chain, EthRpc rpc, RelayerKey key, RelayerStore store, TransactionTemplate tx,
            RelayerPolicy policy, LongSupplier clock) {
        this.chain = chain;
        this.rpc = rpc;
        this.key = key;
        this.store = store;
        this.tx = tx;
        this.policy = policy;
        this.clock = clock;
    }

    public ChainId chain() {
        return chain;
    }

    public Address address() {
        return key.address();
    }

    /** The node this relayer sends through. */
    public EthRpc rpc() {
        return rpc;
    }

    /**
     * Checks the node serves this chain and raises the database's next nonce to the node's pending transaction count
     * (transactions sent with this key elsewhere); never lowers it.
     *
     * @return the next nonce
     */
    public long reconcile() {
        long id = rpc.chainId();
        if (id != chain.value()) {
            throw new IllegalStateException("the node configured for chain " + chain + " serves chain " + id);
        }
        long pending = rpc.transactionCount(key.address(), "pending");
        return tx.execute(s -> store.raiseNonce(chain, key.address(), pending));
    }

    /**
     * Signs a transaction and commits it (SIGNED) with a fresh nonce; nothing is broadcast yet. Idempotent on
     * {@code reference}: a second call returns the first transaction.
     *
     * @param gasLimit gas limit, or null to estimate it (with the policy's margin)
     */
    public RelayedTx prepare(String reference, Address to, BigInteger value, byte[] data, Long gasLimit) {
        return prepare(reference, to, value, data, gasLimit, null);
    }

    /**
     * As {@link #prepare(String, Address, BigInteger, byte[], Long)}, for a call that is useless after
     * {@code validUntil} (Unix seconds, e.g. a permit's deadline): once the chain's final blocks are past it and no
     * version is included, {@link #advance} cancels it (see {@link RelayedTx#cancelVersion()}).
     */
    public RelayedTx prepare(String reference, Address to, BigInteger value, byte[] data, Long gasLimit,
            Long validUntil) {
        if (reference != null) {
            Optional<RelayedTx> first = store.findByReference(reference);
            if (first.isPresent()) {
                return first.get();
            }
        }
        long gas = gasLimit != null ? gasLimit : gasLimit(to, value, data);
        Fees fees = fees();
        try {
            return tx.execute(s -> {
                long nonce = store.reserveNonce(chain, key.address());
                RelayedTx.Signed signed = sign(nonce, to, value, data, gas, fees, 0);
                RelayedTx t = new RelayedTx(UUID.randomUUID().toString(), reference, chain, key.address(), nonce, to,
                        value, data, gas, RelayedTx.State.SIGNED, signed.hash(), null, null, null, null, null,
                        validUntil, null);
                store.insert(t, signed, clock.getAsLong());
                return t;
            });
        } catch (DuplicateKeyException e) {
            if (reference == null) {
                throw e;
            }
            return store.findByReference(reference).orElseThrow(() -> e);
        }
    }

    /** Ids of this relayer's transactions on this chain that are not yet confirmed (to resume after a restart). */
    public List<String> open() {
        return store.open(chain, key.address());
    }

    /** The transaction one of whose signed versions has this hash. */
    public Optional<RelayedTx> findByHash(TxHash hash) {
        return store.findByHash(hash);
    }

    /** {@code eth_estimateGas} of a call from the relayer with the policy's margin. */
    public long gasLimit(Address to, BigInteger value, byte[] data) {
        return rpc.estimateGas(key.address(), to, value, data) * policy.gasLimitPerMille() / 1000;
    }

    public Optional<RelayedTx> find(String id) {
        return store.find(id);
    }

    /** Every signed version of the transaction, oldest first. */
    public List<RelayedTx.Signed> versions(String id) {
        return store.versions(id);
    }

    /**
     * Moves the transaction one step if it can; returns it as it now stands.
     *
     * @throws RpcException when the node cannot be reached (retryable: nothing changed; call again later)
     */
    public RelayedTx advance(String id) {
        RelayedTx t = store.find(id).orElseThrow(() -> new IllegalArgumentException("no relayed transaction " + id));
        switch (t.state()) {
            case SIGNED -> {
                if (t.validUntil() != null) {
                    long head = rpc.blockNumber();
                    if (pastValidity(t, head)) {
                        // a version may be on chain already (an instance died between broadcast and its record)
                        List<RelayedTx.Signed> versions = store.versions(id);
                        Optional<TxReceipt> receipt = receiptOfAny(versions);
                        if (receipt.isPresent()) {
                            tx.executeWithoutResult(s -> store.included(id, receipt.get(), clock.getAsLong()));
                        } else {
                            cancel(t, versions.getLast(), head);
                        }
                        break;
                    }
                }
                broadcast(current(t));
                long head = rpc.blockNumber();
                tx.executeWithoutResult(s -> store.broadcast(id, head, clock.getAsLong()));
            }
            case BROADCAST -> {
                List<RelayedTx.Signed> versions = store.versions(id);
                Optional<TxReceipt> receipt = receiptOfAny(versions);
                if (receipt.isPresent()) {
                    tx.executeWithoutResult(s -> store.included(id, receipt.get(), clock.getAsLong()));
                    break;
                }
                long head = rpc.blockNumber();
                if (pastValidity(t, head)) {
                    cancel(t, versions.getLast(), head);
                } else if (head - t.broadcastBlock() >= policy.replaceAfterBlocks()) {
                    replace(t, versions.getLast(), head);
                } else {
                    broadcast(versions.getLast());
                }
            }
            case INCLUDED -> {
                Optional<TxReceipt> r = rpc.receipt(t.includedHash());
                long head = rpc.blockNumber();
                boolean reorged = r.isEmpty() || !r.get().blockHash().equals(t.includedBlockHash());
                if (reorged) {
                    log.info("relayer tx {} (nonce {} on chain {}) left block {} in a reorg; broadcasting it again",
                            t.includedHash(), t.nonce(), chain, t.includedBlock());
                    RelayedTx.Signed again = store.versions(id).stream()
                            .filter(v -> v.hash().equals(t.includedHash())).findFirst().orElseThrow();
                    tx.executeWithoutResult(s -> store.broadcast(id, head, clock.getAsLong()));
                    broadcast(again);
                    if (r.isPresent()) {
                        tx.executeWithoutResult(s -> store.included(id, r.get(), clock.getAsLong()));
                    }
                } else if (head - t.includedBlock() + 1 >= policy.confirmations()) {
                    tx.executeWithoutResult(s -> store.confirmed(id, clock.getAsLong()));
                }
            }
            case CONFIRMED -> {
                // final
            }
        }
        return store.find(id).orElseThrow();
    }

    /**
     * The relayer's funding for one more transaction of {@code gasLimit}: its balance on the node, and what it needs:
     * gas limit x the max fee it would sign with now, plus what its transactions not yet included can still cost.
     */
    public Funding funding(long gasLimit) {
        BigInteger balance = rpc.balance(key.address());
        BigInteger required = fees().maxFee().multiply(BigInteger.valueOf(gasLimit))
                .add(store.openCost(chain, key.address()));
        return new Funding(balance, required, clock.getAsLong());
    }

    /** The relayer's balance against what it needs (wei), read at {@code checkedAtMs}. */
    public record Funding(BigInteger balance, BigInteger required, long checkedAtMs) {
        public boolean enough() {
            return balance.compareTo(required) >= 0;
        }
    }

    /** The fees a new transaction pays now: tip = the node's suggestion; max fee = 2 x base fee + tip. */
    Fees fees() {
        BigInteger base = rpc.latest().baseFeePerGas();
        BigInteger tip = rpc.maxPriorityFeePerGas();
        return new Fees(base.shiftLeft(1).add(tip), tip);
    }

    /**
     * Signs the next version of {@code t} (same nonce) with both fees raised by at least the policy's bump, and never
     * below what a new transaction would pay now; commits it, then broadcasts it.
     */
    private void replace(RelayedTx t, RelayedTx.Signed last, long head) {
        Fees fees = bumped(last);
        BigInteger max = fees.maxFee();
        RelayedTx.Signed next = t.cancelled() ? signCancel(t.nonce(), fees, last.version() + 1)
                : sign(t.nonce(), t.to(), t.value(), t.data(), t.gasLimit(), fees, last.version() + 1);
        tx.executeWithoutResult(s -> store.replace(t.id(), next, head, clock.getAsLong()));
        log.info("relayer tx nonce {} on chain {} not included after {} blocks: replaced {} by {} (max fee {} -> {})",
                t.nonce(), chain, policy.replaceAfterBlocks(), last.hash(), next.hash(), last.maxFee(), max);
        broadcast(next);
    }

    /** Fees of a next version: both raised by at least the policy's bump, and never below the live fee. */
    private Fees bumped(RelayedTx.Signed last) {
        Fees now = fees();
        BigInteger tip = bump(last.maxPriorityFee()).max(now.maxPriorityFee());
        BigInteger max = bump(last.maxFee()).max(now.maxFee()).max(tip);
        return new Fees(max, tip);
    }

    /**
     * Whether the chain is past the transaction's {@code validUntil} for good: the block {@code confirmations - 1}
     * below the head (final by the same rule as a receipt) has a later timestamp, so no block that may still include
     * the call can be at or before it. False while not cancellable (no validUntil, or already cancelled).
     */
    private boolean pastValidity(RelayedTx t, long head) {
        if (t.validUntil() == null || t.cancelled()) {
            return false;
        }
        long finalBlock = Math.max(0, head - policy.confirmations() + 1);
        return rpc.findBlock(finalBlock).map(b -> b.timestamp() > t.validUntil()).orElse(false);
    }

    /**
     * Cancels a transaction the chain is past the validity of and has not included: signs a 0-value transfer to the
     * relayer itself at the same nonce with both fees raised (a replacement a node prefers to any earlier version,
     * wherever those bytes still are), commits it as the first cancelling version, then broadcasts it. The nonce is
     * then used by whichever version the chain includes: the cancellation, or a late original that reverts (past its
     * validity), so it never leaves a gap. Later replacements are cancellations too.
     */
    private void cancel(RelayedTx t, RelayedTx.Signed last, long head) {
        RelayedTx.Signed c = signCancel(t.nonce(), bumped(last), last.version() + 1);
        tx.executeWithoutResult(s -> store.cancel(t.id(), c, head, clock.getAsLong()));
        log.info("relayer tx nonce {} on chain {} not included and the chain is past its validity ({}): cancelled "
                + "{} by {} (0-value transfer to itself, max fee {})", t.nonce(), chain, t.validUntil(), last.hash(),
                c.hash(), c.maxFee());
        broadcast(c);
    }

    /** Gas of a plain transfer, what a cancellation uses. */
    static final long TRANSFER_GAS = 21_000;

    private RelayedTx.Signed signCancel(long nonce, Fees fees, int version) {
        return sign(nonce, key.address(), BigInteger.ZERO, new byte[0], TRANSFER_GAS, fees, version);
    }

    private BigInteger bump(BigInteger fee) {
        BigInteger scaled = fee.multiply(BigInteger.valueOf(1000L + policy.feeBumpPerMille()));
        BigInteger[] qr = scaled.divideAndRemainder(BigInteger.valueOf(1000));
        return qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
    }

    private RelayedTx.Signed current(RelayedTx t) {
        return store.versions(t.id()).getLast();
    }

    private Optional<TxReceipt> receiptOfAny(List<RelayedTx.Signed> versions) {
        for (RelayedTx.Signed v : versions.reversed()) {
            Optional<TxReceipt> r = rpc.receipt(v.hash());
            if (r.isPresent()) {
                return r;
            }
        }
        return Optional.empty();
    }

    /**
     * Hands signed bytes to the node. Answers that mean the node has them already, or that this nonce is taken (by a
     * version of ours that is, or will be, found by its receipt), are not errors.
     */
    private void broadcast(RelayedTx.Signed s) {
        try {
            TxHash answered = rpc.sendRawTransaction(s.raw());
            if (!answered.equals(s.hash())) {
                throw new IllegalStateException("the node answered hash " + answered + " for " + s.hash());
            }
        } catch (RpcException e) {
            if (e.type().retryable()) {
                throw e;
            }
            String m = e.getMessage().toLowerCase(Locale.ROOT);
            if (m.contains("already known") || m.contains("already imported") || m.contains("nonce too low")
                    || m.contains("replacement transaction underpriced") || m.contains("alreadyknown")) {
                log.debug("broadcast of {}: {}", s.hash(), e.getMessage());
                return;
            }
            throw e;
        }
    }

    private RelayedTx.Signed sign(long nonce, Address to, BigInteger value, byte[] data, long gas, Fees fees,
            int version) {
        RawTransaction raw = RawTransaction.createTransaction(chain.value(), BigInteger.valueOf(nonce),
                BigInteger.valueOf(gas), to.lower(), value, "0x" + HEX.formatHex(data), fees.maxPriorityFee(),
                fees.maxFee());
        byte[] signed = key.sign(raw);
        return new RelayedTx.Signed(TxHash.of(Hash.sha3(signed)), version, fees.maxFee(), fees.maxPriorityFee(),
                signed);
    }

    /** EIP-1559 fees, wei per gas. */
    record Fees(BigInteger maxFee, BigInteger maxPriorityFee) {
    }
}
