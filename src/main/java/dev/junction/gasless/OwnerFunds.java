package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.execution.ChainReads;
import java.math.BigInteger;

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
        BigInteger balance = uint(chain, token, "balanceOf(address)", Abi.address(owner));
        if (balance.compareTo(amount) < 0) {
            throw new GaslessException(GaslessFailure.INSUFFICIENT_FUNDS, "owner " + owner + " holds " + balance
                    + " of token " + token + " on chain " + chain + ", " + amount.subtract(balance)
                    + " short of the amount " + amount);
        }
        BigInteger allowance = uint(chain, token, "allowance(address,address)", Abi.address(owner),
                Abi.address(Permit2.ADDRESS));
        if (allowance.compareTo(amount) < 0) {
            throw new GaslessException(GaslessFailure.INSUFFICIENT_FUNDS, "owner " + owner + " allows Permit2 ("
                    + Permit2.ADDRESS + ") " + allowance + " of token " + token + " on chain " + chain + ", "
                    + amount.subtract(allowance) + " short of the amount " + amount + "; approve Permit2 first");
        }
    }

    /** @throws GaslessException NONCE_USED when Permit2's nonceBitmap has the permit's nonce bit set */
    void requireNonceUnused(ChainId chain, Address owner, PermitNonce nonce) {
        BigInteger word = uint(chain, Permit2.ADDRESS, "nonceBitmap(address,uint256)", Abi.address(owner),
                Abi.uint256(nonce.wordPos()));
        if (word.testBit(nonce.bitPos())) {
            throw new GaslessException(GaslessFailure.NONCE_USED, "Permit2 nonce " + nonce.value() + " (word "
                    + nonce.wordPos() + ", bit " + nonce.bitPos() + ") of " + owner + " is already used on chain "
                    + chain);
        }
    }

    /** The {@code uint256} a view function returns. */
    private BigInteger uint(ChainId chain, Address to, String signature, Abi.Value... args) {
        byte[] out = chains.call(chain, to, Abi.call(signature, args));
        if (out.length < 32) {
            throw new IllegalStateException(signature + " on " + to + " (chain " + chain + ") returned "
                    + out.length + " bytes; is it a contract?");
        }
        return AbiDecoder.uint(Hex.encode(out), 0);
    }
}
