package dev.junction.execution;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.math.BigInteger;

/**
 * Junction's relayer on a chain cannot pay for one more transaction: its native balance is below the gas limit x max
 * fee of the transaction it would sign now, plus the same for its transactions not yet included. Nothing was signed;
 * the operator must fund the relayer. The message names the relayer, the chain, the balance and what is needed.
 */
public class RelayerUnfundedException extends RuntimeException {

    private final ChainId chain;
    private final Address relayer;
    private final BigInteger balance;
    private final BigInteger required;

    public RelayerUnfundedException(ChainId chain, Address relayer, BigInteger balance, BigInteger required) {
        super("Junction's relayer " + relayer + " on chain " + chain + " cannot pay for the transaction: it holds "
                + balance + " wei of the native token and needs " + required + " wei (gas limit x max fee at the "
                + "live gas price, including its transactions not yet included); nothing was signed, retry once the "
                + "operator has funded the relayer");
        this.chain = chain;
        this.relayer = relayer;
        this.balance = balance;
        this.required = required;
    }

    public ChainId chain() {
        return chain;
    }

    public Address relayer() {
        return relayer;
    }

    public BigInteger balance() {
        return balance;
    }

    public BigInteger required() {
        return required;
    }
}
