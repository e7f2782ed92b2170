package dev.junction.devnet;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.execution.Blocks;
import dev.junction.market.Chain;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.springframework.transaction.support.TransactionTemplate;
import org.web3j.crypto.Hash;

/**
 * The devnet node: one JSON-RPC view per EVM chain of the market, on the embedded network's blocks. Wallet transactions
 * are checked as geth checks them at submission (chain id, nonce, intrinsic gas, fee cap, funds), then mined at once
 * into the chain's latest block: the sender pays {@code gasUsed x effectiveGasPrice} in native wei (burnt), its nonce
 * increments, and the call runs against the built-in contracts ({@link Contracts}) or moves native value to an account.
 * A reverted call keeps only the nonce and the gas payment.
 *
 * <p>Gas model: {@code gasUsed} = intrinsic gas (21000 + 16 per non-zero and 4 per zero calldata byte) plus
 * {@link #CONTRACT_CALL_GAS} for a call of a built-in contract; a transaction whose gas limit is below that reverts out
 * of gas and uses its whole limit.
 */
final class Devnet {

    static final long CONTRACT_CALL_GAS = 30_000;
    static final long BLOCK_GAS_LIMIT = 30_000_000;

    private final Market market;
    private final Blocks blocks;
    private final Ledger ledger;
    private final TxStore txs;
    private final Contracts contracts;
    private final TransactionTemplate tx;
    private final Object sendLock = new Object();
    private final Router router;

    Devnet(Market market, Blocks blocks, Ledger ledger, TxStore txs, Contracts contracts, TransactionTemplate tx,
            Router router) {
        this.router = router;
        this.market = market;
        this.blocks = blocks;
        this.ledger = ledger;
        this.txs = txs;
        this.contracts = contracts;
        this.tx = tx;
    }

    /** The served chain named by the path, else {@link RpcError#UNKNOWN_CHAIN}. */
    Chain chain(String pathChainId) {
        MarketSnapshot m = market.current();
        Optional<Chain> chain = Optional.empty();
        try {
            chain = m.chain(ChainId.of(Long.parseLong(pathChainId))).filter(Chain::evm);
        } catch (RuntimeException e) {
            // not a number: unknown
        }
        return chain.orElseThrow(() -> new RpcError(RpcError.UNKNOWN_CHAIN, "chain " + pathChainId
                + " is not served by this devnet; served EVM chains: " + m.chains().stream().filter(Chain::evm)
                        .map(c -> String.valueOf(c.id().value())).collect(Collectors.joining(", "))));
    }

    MarketSnapshot snapshot() {
        return market.current();
    }

    long head(Chain c) {
        return blocks.head(c.id());
    }

    long timestampSeconds(Chain c, long block) {
        return blocks.timestampMs(c.id(), block) / 1000;
    }

    /** Deterministic block hash: keccak256("junction-devnet" | chainId | number). */
    static String blockHash(Chain c, long number) {
        ByteBuffer b = ByteBuffer.allocate(15 + 16);
        b.put("junction-devnet".getBytes(StandardCharsets.US_ASCII)).putLong(c.id().value())
                .putLong(number);
        return Quantity.data(Hash.sha3(b.array()));
    }

    BigInteger balance(Chain c, Address account) {
        return ledger.balance(c.id(), Address.NATIVE, account);
    }

    long nonce(Chain c, Address account) {
        return ledger.nonce(c.id(), account);
    }

    Optional<MinedTx> transaction(Chain c, String hash) {
        return txs.find(c.id().value(), hash.toLowerCase(Locale.ROOT));
    }

    List<MinedTx> block(Chain c, long number) {
        return txs.inBlock(c.id().value(), number);
    }

    long cumulativeGas(MinedTx t) {
        return txs.cumulativeGas(t.chainId(), t.blockNumber(), t.txIndex());
    }

    /** A call request: eth_call and eth_estimateGas. */
    record Call(Address from, Address to, BigInteger value, byte[] data) {
    }

    /** eth_call: the built-in contract's return data; "0x" for an account without code. Reverts throw error 3. */
    String call(Chain c, Call call) {
        if (call.to() == null || !Contracts.isContract(snapshot(), c.id(), call.to())) {
            return "0x";
        }
        try {
            return contracts.run(snapshot(), c.id(), call.from(), call.to(), call.data(), false,
                    timestampSeconds(c, head(c))).returnData();
        } catch (EvmAbi.Revert r) {
            throw new RpcError(RpcError.REVERTED, "execution reverted: " + r.getMessage(), r.data());
        }
    }

    /** eth_estimateGas: the gas the transaction would use; reverts throw error 3, missing funds -32000. */
    long estimateGas(Chain c, Call call) {
        if (call.value().signum() > 0 && balance(c, call.from()).compareTo(call.value()) < 0) {
            throw RpcError.refused("insufficient funds for transfer");
        }
        long intrinsic = intrinsic(call.data());
        if (call.to() != null && Contracts.isContract(snapshot(), c.id(), call.to())) {
            if (call.value().signum() > 0) {
                throw new RpcError(RpcError.REVERTED, "execution reverted: function is not payable",
                        new EvmAbi.Revert("function is not payable").data());
            }
            call(c, call);
            return intrinsic + CONTRACT_CALL_GAS;
        }
        return intrinsic;
    }

    /** anvil_setBalance: sets the native balance, wei. */
    void setBalance(Chain c, Address account, BigInteger wei) {
        tx.executeWithoutResult(s -> ledger.setBalance(c.id(), Address.NATIVE, account, wei));
    }

    /** devnet_mint: credits {@code amount} of the ERC-20 {@code token} to {@code to}; returns the new balance. */
    BigInteger mint(Chain c, Address token, Address to, BigInteger amount) {
        if (Contracts.token(snapshot(), c.id(), token).isEmpty()) {
            throw RpcError.params("token " + token + " is not an ERC-20 of chain " + c.id() + " in the market");
        }
        synchronized (sendLock) {
            return tx.execute(s -> {
                ledger.add(c.id(), token, to, amount);
                return ledger.balance(c.id(), token, to);
            });
        }
    }

    /** eth_sendRawTransaction: checks as a node does, mines, returns the hash (keccak256 of the raw bytes). */
    String sendRaw(Chain c, String raw) {
        SignedTx t = SignedTx.decode(raw);
        if (t.to() == null || c.router() == null || !t.to().equals(c.router())) {
            return sendRaw(c, raw, null);
        }
        if (!RouteDecoder.isRouteCall(t.input())) {
            return send(c, t, null, "no function of the router matches the calldata");
        }
        try {
            return send(c, t, RouteDecoder.decode(snapshot(), c, t.from(), t.input()), null);
        } catch (RouteDecoder.Undecodable e) {
            return send(c, t, null, e.getMessage());
        }
    }

    /**
     * Sends a wallet transaction; {@code route} is the decoded router call when the transaction calls Junction's router
     * on this chain, else null.
     */
    String sendRaw(Chain c, String raw, RouterCall route) {
        return send(c, SignedTx.decode(raw), route, null);
    }

    /** @param routerRevert when not null, the router call reverts with this reason (it does not decode) */
    private String send(Chain c, SignedTx t, RouterCall route, String routerRevert) {
        if (t.chainId() == null) {
            throw RpcError.refused("only replay-protected (EIP-155) transactions allowed over RPC");
        }
        if (t.chainId() != c.id().value()) {
            throw RpcError.refused("invalid chain id for signer: have " + t.chainId() + " want " + c.id().value());
        }
        if (t.to() == null) {
            throw RpcError.refused("contract creation is not supported by the devnet");
        }
        synchronized (sendLock) {
            MinedTx mined = tx.execute(s -> mine(c, t, route, routerRevert));
            return mined.hash();
        }
    }

    private MinedTx mine(Chain c, SignedTx t, RouterCall route, String routerRevert) {
        ChainId id = c.id();
        if (txs.find(id.value(), t.hash().value()).isPresent()) {
            throw RpcError.refused("already known");
        }
        long next = ledger.nonce(id, t.from());
        if (t.nonce() < next) {
            throw RpcError.refused("nonce too low: next nonce " + next + ", tx nonce " + t.nonce());
        }
        if (t.nonce() > next) {
            throw RpcError.refused("nonce too high: next nonce " + next + ", tx nonce " + t.nonce()
                    + " (the devnet does not queue transactions: send the missing nonces first)");
        }
        long intrinsic = t.intrinsicGas();
        if (t.gasLimit().compareTo(BigInteger.valueOf(intrinsic)) < 0) {
            throw RpcError.refused("intrinsic gas too low: gas " + t.gasLimit() + ", minimum needed " + intrinsic);
        }
        if (t.gasLimit().compareTo(BigInteger.valueOf(BLOCK_GAS_LIMIT)) > 0) {
            throw RpcError.refused("exceeds block gas limit");
        }
        BigInteger baseFee = c.baseFeeWei();
        if (t.type() == 2 && t.maxPriorityFee().compareTo(t.maxFee()) > 0) {
            throw RpcError.refused("max priority fee per gas higher than max fee per gas");
        }
        if (t.maxPricePerGas().compareTo(baseFee) < 0) {
            throw RpcError.refused("max fee per gas less than block base fee: address " + t.from().lower()
                    + ", maxFeePerGas: " + t.maxPricePerGas() + ", baseFee: " + baseFee);
        }
        BigInteger cost = t.value().add(t.gasLimit().multiply(t.maxPricePerGas()));
        BigInteger balance = ledger.balance(id, Address.NATIVE, t.from());
        if (balance.compareTo(cost) < 0) {
            throw RpcError.refused("insufficient funds for gas * price + value: balance " + balance + ", tx cost "
                    + cost + ", overshot " + cost.subtract(balance));
        }
        long block = head(c);
        int index = txs.countInBlock(id.value(), block);
        BigInteger price = t.effectivePrice(baseFee);
        if (route != null) {
            return router.submit(c, t, route, next, price, block, index);
        }
        if (routerRevert != null) {
            return router.reject(c, t, routerRevert, next, price, block, index);
        }
        boolean contract = Contracts.isContract(snapshot(), id, t.to());
        long gasUsed = intrinsic + (contract ? CONTRACT_CALL_GAS : 0);
        String revert = null;
        List<EvmAbi.Log> logs = List.of();
        if (t.gasLimit().compareTo(BigInteger.valueOf(gasUsed)) < 0) {
            revert = "out of gas";
            gasUsed = t.gasLimit().longValueExact();
        } else if (contract && t.value().signum() > 0) {
            revert = "function is not payable";
        } else if (contract) {
            try {
                logs = contracts.run(snapshot(), id, t.from(), t.to(), t.input(), true, timestampSeconds(c, block))
                        .logs();
            } catch (EvmAbi.Revert r) {
                revert = r.getMessage();
            }
        } else if (t.value().signum() > 0) {
            ledger.add(id, Address.NATIVE, t.from(), t.value().negate());
            ledger.add(id, Address.NATIVE, t.to(), t.value());
        }
        ledger.add(id, Address.NATIVE, t.from(), price.multiply(BigInteger.valueOf(gasUsed)).negate());
        ledger.setNonce(id, t.from(), next + 1);
        MinedTx mined = new MinedTx(t.hash().value(), id.value(), t.type(), t.from().lower(), t.nonce(),
                t.to().lower(), t.value(), Quantity.data(t.input()), t.gasLimit(), t.gasPrice(), t.maxFee(),
                t.maxPriorityFee(), price, gasUsed, revert == null ? 1 : 0, revert, block, index,
                Quantity.hex(t.v()), Quantity.data(t.r()), Quantity.data(t.s()), revert == null ? logs : List.of(), null);
        txs.insert(mined);
        return mined;
    }

    private static long intrinsic(byte[] data) {
        long g = 21_000;
        for (byte b : data) {
            g += b == 0 ? 4 : 16;
        }
        return g;
    }
}
