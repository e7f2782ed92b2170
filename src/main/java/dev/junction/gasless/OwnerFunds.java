package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.execution.ChainReads;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.utils.Numeric;

/**
 * The on-chain checks before a gasless swap is accepted on a chain Junction has a node for: the owner holds the amount
 * of the input token, has approved Permit2 for it (ERC-20 {@code allowance(owner, Permit2)}), and the permit's nonce is
 * unused in Permit2's {@code nonceBitmap}. Each refusal names the owner, the token and the shortfall.
 */
final class OwnerFunds {

    private final ChainReads chains;

    OwnerFunds(ChainReads chains) {
        this.chains = chains;
    }

    /** Whether the checks apply on {@code chain} (a node is configured; never in the sandbox). */
    boolean applies(ChainId chain) {
        return chains.configured(chain);
    }

    /**
     * @throws GaslessException INSUFFICIENT_FUNDS when the balance or the Permit2 allowance is below {@code amount}
     */
    void requireFunded(ChainId chain, Address owner, Address token, BigInteger amount) {
        BigInteger balance = uint(chain, token, new Function("balanceOf", List.of(
                word(owner)), List.of()));
        if (balance.compareTo(amount) < 0) {
            throw new GaslessException(GaslessFailure.INSUFFICIENT_FUNDS, "owner " + owner + " holds " + balance
                    + " of token " + token + " on chain " + chain + ", " + amount.subtract(balance)
                    + " short of the amount " + amount);
        }
        BigInteger allowance = uint(chain, token, new Function("allowance", List.of(
                word(owner),
                word(Permit2.ADDRESS)), List.of()));
        if (allowance.compareTo(amount) < 0) {
            throw new GaslessException(GaslessFailure.INSUFFICIENT_FUNDS, "owner " + owner + " allows Permit2 ("
                    + Permit2.ADDRESS + ") " + allowance + " of token " + token + " on chain " + chain + ", "
                    + amount.subtract(allowance) + " short of the amount " + amount + "; approve Permit2 first");
        }
    }

    /** @throws GaslessException NONCE_USED when Permit2's nonceBitmap has the permit's nonce bit set */
    void requireNonceUnused(ChainId chain, Address owner, PermitNonce nonce) {
        BigInteger word = uint(chain, Permit2.ADDRESS, new Function("nonceBitmap", List.of(
                word(owner), new Uint256(nonce.wordPos())), List.of()));
        if (word.testBit(nonce.bitPos())) {
            throw new GaslessException(GaslessFailure.NONCE_USED, "Permit2 nonce " + nonce.value() + " (word "
                    + nonce.wordPos() + ", bit " + nonce.bitPos() + ") of " + owner + " is already used on chain "
                    + chain);
        }
    }

    /** An ABI {@code address} (web3j's type of that name; the chain module's {@link Address} is the domain one). */
    private static org.web3j.abi.datatypes.Address word(Address a) {
        return new org.web3j.abi.datatypes.Address(a.lower());
    }

    private BigInteger uint(ChainId chain, Address to, Function f) {
        byte[] out = chains.call(chain, to, Numeric.hexStringToByteArray(FunctionEncoder.encode(f)));
        if (out.length < 32) {
            throw new IllegalStateException(f.getName() + " on " + to + " (chain " + chain + ") returned "
                    + out.length + " bytes; is it a contract?");
        }
        return new BigInteger(1, Arrays.copyOfRange(out, 0, 32));
    }
}
