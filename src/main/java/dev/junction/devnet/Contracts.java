package dev.junction.devnet;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Token;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The devnet's built-in contracts, backed by the {@link Ledger}: an ERC-20 at every non-native token address of the
 * market snapshot on the chain ({@code balanceOf}, {@code allowance}, {@code decimals}, {@code symbol}, {@code name},
 * {@code approve}, {@code transfer}, {@code transferFrom}, with OpenZeppelin's revert messages and Transfer/Approval
 * logs), and Permit2's AllowanceTransfer allowances at the canonical Permit2 address ({@code approve},
 * {@code allowance}, {@code transferFrom}). Every operation checks everything before it writes anything, so a revert
 * leaves the ledger untouched.
 */
final class Contracts {

    /** Uniswap's canonical Permit2, the same address on every chain. */
    static final Address PERMIT2 = Address.evm("0x000000000022D473030F116dDEE9F6B43aC78BA3");
    static final BigInteger MAX_UINT256 = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);
    static final BigInteger MAX_UINT160 = BigInteger.ONE.shiftLeft(160).subtract(BigInteger.ONE);
    static final BigInteger MAX_UINT48 = BigInteger.ONE.shiftLeft(48).subtract(BigInteger.ONE);

    static final String BALANCE_OF = EvmAbi.selector("balanceOf(address)");
    static final String ALLOWANCE = EvmAbi.selector("allowance(address,address)");
    static final String DECIMALS = EvmAbi.selector("decimals()");
    static final String SYMBOL = EvmAbi.selector("symbol()");
    static final String NAME = EvmAbi.selector("name()");
    static final String APPROVE = EvmAbi.selector("approve(address,uint256)");
    static final String TRANSFER = EvmAbi.selector("transfer(address,uint256)");
    static final String TRANSFER_FROM = EvmAbi.selector("transferFrom(address,address,uint256)");
    static final String P2_APPROVE = EvmAbi.selector("approve(address,address,uint160,uint48)");
    static final String P2_ALLOWANCE = EvmAbi.selector("allowance(address,address,address)");
    static final String P2_TRANSFER_FROM = EvmAbi.selector("transferFrom(address,address,uint160,address)");
    static final String TRANSFER_EVENT = EvmAbi.topic("Transfer(address,address,uint256)");
    static final String APPROVAL_EVENT = EvmAbi.topic("Approval(address,address,uint256)");
    static final String P2_APPROVAL_EVENT = EvmAbi.topic("Approval(address,address,address,uint160,uint48)");

    /** What a call returned and the logs it emitted (empty for views). */
    record Result(String returnData, List<EvmAbi.Log> logs) {
    }

    private final Ledger ledger;

    Contracts(Ledger ledger) {
        this.ledger = ledger;
    }

    /** The ERC-20 token at {@code address} on the chain, if the snapshot lists it. */
    static Optional<Token> token(MarketSnapshot m, ChainId chain, Address address) {
        if (address == null || address.isNative()) {
            return Optional.empty();
        }
        return m.token(chain, address).filter(t -> !t.isNative());
    }

    /** Whether a built-in contract lives at the address. */
    static boolean isContract(MarketSnapshot m, ChainId chain, Address address) {
        return address != null && (address.equals(PERMIT2) || token(m, chain, address).isPresent());
    }

    /**
     * Runs a call of {@code from} to the built-in contract at {@code to}.
     *
     * @param commit false for eth_call / eth_estimateGas: the same checks and return data, but nothing is written
     * @param nowSeconds block timestamp, Unix seconds (Permit2 expirations)
     * @throws EvmAbi.Revert when the call reverts (nothing written)
     */
    Result run(MarketSnapshot m, ChainId chain, Address from, Address to, byte[] data, boolean commit,
            long nowSeconds) {
        String sel = EvmAbi.selectorOf(data);
        if (sel == null) {
            throw new EvmAbi.Revert("no function matches the calldata");
        }
        if (to.equals(PERMIT2)) {
            return permit2(chain, from, sel, data, commit, nowSeconds);
        }
        Token token = token(m, chain, to).orElseThrow(() -> new IllegalArgumentException("no contract at " + to));
        return erc20(chain, token, from, sel, data, commit);
    }

    private Result erc20(ChainId chain, Token token, Address from, String sel, byte[] data, boolean commit) {
        Address t = token.address();
        if (sel.equals(BALANCE_OF)) {
            return view(ledger.balance(chain, t, addr(EvmAbi.addressArg(data, 0))));
        }
        if (sel.equals(ALLOWANCE)) {
            return view(ledger.allowance(chain, t, addr(EvmAbi.addressArg(data, 0)), addr(EvmAbi.addressArg(data, 1))));
        }
        if (sel.equals(DECIMALS)) {
            return view(BigInteger.valueOf(token.decimals()));
        }
        if (sel.equals(SYMBOL)) {
            return new Result(EvmAbi.string(token.symbol()), List.of());
        }
        if (sel.equals(NAME)) {
            return new Result(EvmAbi.string(token.name()), List.of());
        }
        if (sel.equals(APPROVE)) {
            Address spender = addr(EvmAbi.addressArg(data, 0));
            BigInteger amount = EvmAbi.arg(data, 1);
            if (spender.equals(Address.ZERO)) {
                throw new EvmAbi.Revert("ERC20: approve to the zero address");
            }
            if (commit) {
                ledger.setAllowance(chain, t, from, spender, amount);
            }
            return new Result(TRUE, List.of(new EvmAbi.Log(t.lower(), List.of(APPROVAL_EVENT, Quantity.topic(from),
                    Quantity.topic(spender)), Quantity.word(amount))));
        }
        if (sel.equals(TRANSFER)) {
            return new Result(TRUE, move(chain, t, from, addr(EvmAbi.addressArg(data, 0)), EvmAbi.arg(data, 1), commit));
        }
        if (sel.equals(TRANSFER_FROM)) {
            Address owner = addr(EvmAbi.addressArg(data, 0));
            Address recipient = addr(EvmAbi.addressArg(data, 1));
            BigInteger amount = EvmAbi.arg(data, 2);
            List<EvmAbi.Log> logs = transferFrom(chain, t, from, owner, recipient, amount, commit);
            return new Result(TRUE, logs);
        }
        throw new EvmAbi.Revert("no function matches selector " + sel + " on " + token.symbol());
    }

    /** ERC-20 transferFrom by {@code spender}: allowance (unlimited at max uint256) and balance checked, then moved. */
    List<EvmAbi.Log> transferFrom(ChainId chain, Address token, Address spender, Address owner, Address recipient,
            BigInteger amount, boolean commit) {
        BigInteger allowed = ledger.allowance(chain, token, owner, spender);
        if (allowed.compareTo(amount) < 0) {
            throw new EvmAbi.Revert("ERC20: insufficient allowance");
        }
        List<EvmAbi.Log> logs = move(chain, token, owner, recipient, amount, commit);
        if (commit && !allowed.equals(MAX_UINT256)) {
            ledger.setAllowance(chain, token, owner, spender, allowed.subtract(amount));
        }
        return logs;
    }

    private List<EvmAbi.Log> move(ChainId chain, Address token, Address from, Address to, BigInteger amount,
            boolean commit) {
        if (to.equals(Address.ZERO)) {
            throw new EvmAbi.Revert("ERC20: transfer to the zero address");
        }
        if (ledger.balance(chain, token, from).compareTo(amount) < 0) {
            throw new EvmAbi.Revert("ERC20: transfer amount exceeds balance");
        }
        if (commit) {
            ledger.add(chain, token, from, amount.negate());
            ledger.add(chain, token, to, amount);
        }
        return List.of(new EvmAbi.Log(token.lower(), List.of(TRANSFER_EVENT, Quantity.topic(from), Quantity.topic(to)),
                Quantity.word(amount)));
    }

    private Result permit2(ChainId chain, Address from, String sel, byte[] data, boolean commit, long nowSeconds) {
        if (sel.equals(P2_ALLOWANCE)) {
            Ledger.Permit2Allowance a = ledger.permit2(chain, addr(EvmAbi.addressArg(data, 0)),
                    addr(EvmAbi.addressArg(data, 1)), addr(EvmAbi.addressArg(data, 2)));
            return new Result(EvmAbi.words(a.amount(), BigInteger.valueOf(a.expiration()), BigInteger.valueOf(a.nonce())),
                    List.of());
        }
        if (sel.equals(P2_APPROVE)) {
            Address token = addr(EvmAbi.addressArg(data, 0));
            Address spender = addr(EvmAbi.addressArg(data, 1));
            BigInteger amount = EvmAbi.arg(data, 2);
            BigInteger expiration = EvmAbi.arg(data, 3);
            if (amount.compareTo(MAX_UINT160) > 0 || expiration.compareTo(MAX_UINT48) > 0) {
                throw new EvmAbi.Revert("Permit2: amount must fit uint160 and expiration uint48");
            }
            // Permit2: an expiration of 0 means "this block's timestamp"
            long stored = expiration.signum() == 0 ? nowSeconds : expiration.longValueExact();
            if (commit) {
                Ledger.Permit2Allowance old = ledger.permit2(chain, from, token, spender);
                ledger.setPermit2(chain, from, token, spender, new Ledger.Permit2Allowance(amount, stored, old.nonce()));
            }
            return new Result("0x", List.of(new EvmAbi.Log(PERMIT2.lower(), List.of(P2_APPROVAL_EVENT,
                    Quantity.topic(from), Quantity.topic(token), Quantity.topic(spender)),
                    EvmAbi.words(amount, BigInteger.valueOf(stored)))));
        }
        if (sel.equals(P2_TRANSFER_FROM)) {
            Address owner = addr(EvmAbi.addressArg(data, 0));
            Address recipient = addr(EvmAbi.addressArg(data, 1));
            BigInteger amount = EvmAbi.arg(data, 2);
            Address token = addr(EvmAbi.addressArg(data, 3));
            return new Result("0x", permit2Pull(chain, token, owner, from, recipient, amount, commit, nowSeconds));
        }
        throw new EvmAbi.Revert("no function matches selector " + sel + " on Permit2");
    }

    /**
     * Permit2 AllowanceTransfer.transferFrom by {@code spender}: the Permit2 allowance must not be expired
     * ({@code AllowanceExpired}) and must cover the amount ({@code InsufficientAllowance}; max uint160 is unlimited),
     * then the token moves with Permit2 as the ERC-20 spender (the owner must have approved Permit2 on the token).
     */
    List<EvmAbi.Log> permit2Pull(ChainId chain, Address token, Address owner, Address spender, Address recipient,
            BigInteger amount, boolean commit, long nowSeconds) {
        Ledger.Permit2Allowance a = ledger.permit2(chain, owner, token, spender);
        if (nowSeconds > a.expiration()) {
            throw new EvmAbi.Revert("Permit2: AllowanceExpired(" + a.expiration() + ")");
        }
        if (a.amount().compareTo(amount) < 0) {
            throw new EvmAbi.Revert("Permit2: InsufficientAllowance(" + a.amount() + ")");
        }
        List<EvmAbi.Log> logs = transferFrom(chain, token, PERMIT2, owner, recipient, amount, commit);
        if (commit && !a.amount().equals(MAX_UINT160)) {
            ledger.setPermit2(chain, owner, token, spender,
                    new Ledger.Permit2Allowance(a.amount().subtract(amount), a.expiration(), a.nonce()));
        }
        return logs;
    }

    /**
     * Takes {@code amount} of {@code token} from {@code owner} for {@code spender} (Junction's router) as the route's
     * acquisition mode says: 0 ERC-20 transferFrom against {@code allowance(owner, spender)}; 2 and 3 Permit2
     * (token approved to Permit2 and a Permit2 allowance for the spender).
     */
    List<EvmAbi.Log> pull(ChainId chain, Address token, Address owner, Address spender, BigInteger amount,
            int acquisitionMode, boolean commit, long nowSeconds) {
        return switch (acquisitionMode) {
            case 0 -> transferFrom(chain, token, spender, owner, spender, amount, commit);
            case 2, 3 -> permit2Pull(chain, token, owner, spender, spender, amount, commit, nowSeconds);
            default -> throw new EvmAbi.Revert("acquisition mode " + acquisitionMode + " does not pull an ERC-20");
        };
    }

    private static final String TRUE = EvmAbi.words(BigInteger.ONE);

    private static Result view(BigInteger value) {
        return new Result(EvmAbi.words(value), new ArrayList<>());
    }

    private static Address addr(String hex) {
        return Address.evm(hex);
    }
}
