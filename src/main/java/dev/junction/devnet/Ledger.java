package dev.junction.devnet;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The devnet's persisted state per chain: native and ERC-20 balances (native under {@link Address#NATIVE}), ERC-20
 * allowances, Permit2 allowances and account nonces. Amounts are uint256 in smallest units. Callers run mutations in
 * one database transaction per mined transaction.
 */
final class Ledger {

    private final JdbcClient jdbc;

    Ledger(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    BigInteger balance(ChainId chain, Address token, Address holder) {
        return jdbc.sql("SELECT amount FROM devnet_balances WHERE chain_id = ? AND token = ? AND holder = ?")
                .params(chain.value(), token.lower(), holder.lower()).query(BigDecimal.class).optional()
                .map(BigDecimal::toBigIntegerExact).orElse(BigInteger.ZERO);
    }

    void setBalance(ChainId chain, Address token, Address holder, BigInteger amount) {
        int n = jdbc.sql("UPDATE devnet_balances SET amount = ? WHERE chain_id = ? AND token = ? AND holder = ?")
                .params(new BigDecimal(amount), chain.value(), token.lower(), holder.lower()).update();
        if (n == 0) {
            jdbc.sql("INSERT INTO devnet_balances (chain_id, token, holder, amount) VALUES (?, ?, ?, ?)")
                    .params(chain.value(), token.lower(), holder.lower(), new BigDecimal(amount)).update();
        }
    }

    /** Adds {@code amount} (may be negative; the caller has checked the balance covers it). */
    void add(ChainId chain, Address token, Address holder, BigInteger amount) {
        BigInteger next = balance(chain, token, holder).add(amount);
        if (next.signum() < 0) {
            throw new IllegalStateException("balance of " + holder + " in " + token + " would go negative");
        }
        setBalance(chain, token, holder, next);
    }

    BigInteger allowance(ChainId chain, Address token, Address owner, Address spender) {
        return jdbc.sql("SELECT amount FROM devnet_allowances WHERE chain_id = ? AND token = ? AND owner = ? AND spender = ?")
                .params(chain.value(), token.lower(), owner.lower(), spender.lower()).query(BigDecimal.class).optional()
                .map(BigDecimal::toBigIntegerExact).orElse(BigInteger.ZERO);
    }

    void setAllowance(ChainId chain, Address token, Address owner, Address spender, BigInteger amount) {
        int n = jdbc.sql("UPDATE devnet_allowances SET amount = ? WHERE chain_id = ? AND token = ? AND owner = ? "
                + "AND spender = ?").params(new BigDecimal(amount), chain.value(), token.lower(), owner.lower(),
                        spender.lower()).update();
        if (n == 0) {
            jdbc.sql("INSERT INTO devnet_allowances (chain_id, token, owner, spender, amount) VALUES (?, ?, ?, ?, ?)")
                    .params(chain.value(), token.lower(), owner.lower(), spender.lower(), new BigDecimal(amount))
                    .update();
        }
    }

    /** Permit2 {@code allowance(owner, token, spender)}: amount (uint160), expiration (Unix s), nonce (uint48). */
    record Permit2Allowance(BigInteger amount, long expiration, long nonce) {
        static final Permit2Allowance NONE = new Permit2Allowance(BigInteger.ZERO, 0, 0);
    }

    Permit2Allowance permit2(ChainId chain, Address owner, Address token, Address spender) {
        return jdbc.sql("SELECT amount, expiration, nonce FROM devnet_permit2 WHERE chain_id = ? AND owner = ? "
                + "AND token = ? AND spender = ?").params(chain.value(), owner.lower(), token.lower(), spender.lower())
                .query((rs, i) -> new Permit2Allowance(rs.getBigDecimal("amount").toBigIntegerExact(),
                        rs.getLong("expiration"), rs.getLong("nonce")))
                .optional().orElse(Permit2Allowance.NONE);
    }

    void setPermit2(ChainId chain, Address owner, Address token, Address spender, Permit2Allowance a) {
        int n = jdbc.sql("UPDATE devnet_permit2 SET amount = ?, expiration = ?, nonce = ? WHERE chain_id = ? "
                + "AND owner = ? AND token = ? AND spender = ?")
                .params(new BigDecimal(a.amount()), a.expiration(), a.nonce(), chain.value(), owner.lower(),
                        token.lower(), spender.lower()).update();
        if (n == 0) {
            jdbc.sql("INSERT INTO devnet_permit2 (chain_id, owner, token, spender, amount, expiration, nonce) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?)").params(chain.value(), owner.lower(), token.lower(),
                            spender.lower(), new BigDecimal(a.amount()), a.expiration(), a.nonce()).update();
        }
    }

    /** The account's next nonce (the number of transactions it has mined). */
    long nonce(ChainId chain, Address account) {
        return jdbc.sql("SELECT nonce FROM devnet_accounts WHERE chain_id = ? AND address = ?")
                .params(chain.value(), account.lower()).query(Long.class).optional().orElse(0L);
    }

    void setNonce(ChainId chain, Address account, long nonce) {
        int n = jdbc.sql("UPDATE devnet_accounts SET nonce = ? WHERE chain_id = ? AND address = ?")
                .params(nonce, chain.value(), account.lower()).update();
        if (n == 0) {
            jdbc.sql("INSERT INTO devnet_accounts (chain_id, address, nonce) VALUES (?, ?, ?)")
                    .params(chain.value(), account.lower(), nonce).update();
        }
    }
}
