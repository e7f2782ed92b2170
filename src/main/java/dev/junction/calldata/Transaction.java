package dev.junction.calldata;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.math.BigInteger;

/**
 * The transaction a wallet signs and sends (interface object 2.6, plus {@code value}).
 *
 * @param to Junction's router on the source chain
 * @param data the calldata: {@code executeRoute(RouteParams,Step[])}, {@code 0x}-hex
 * @param chain the source chain
 * @param allowanceTarget where the sender's ERC-20 approval must go: the router (mode 0), Permit2 (modes 2 and 3),
 *     the zero address for native input
 * @param gasLimit the route's gas estimate plus 20%, rounded up, gas units (in chain mode the node's
 *     {@code eth_estimateGas} plus 20% when the sender can already send it)
 * @param expiry the quote's expiry, Unix seconds
 * @param simulation true only when the transaction was run and succeeded: dry-run on the embedded market (sandbox)
 *     or {@code eth_call}ed on the chain's node (chain mode)
 * @param value wei to send with the transaction: the input amount for native input, 0 otherwise
 */
public record Transaction(Address to, String data, ChainId chain, Address allowanceTarget, BigInteger gasLimit,
        long expiry, boolean simulation, BigInteger value) {

    /** A copy marked as simulated (or not). */
    public Transaction withSimulation(boolean simulated) {
        return new Transaction(to, data, chain, allowanceTarget, gasLimit, expiry, simulated, value);
    }

    /** A copy with another gas limit (chain mode: the node's estimate plus the margin). */
    public Transaction withGasLimit(BigInteger gas) {
        return new Transaction(to, data, chain, allowanceTarget, gas, expiry, simulation, value);
    }
}
