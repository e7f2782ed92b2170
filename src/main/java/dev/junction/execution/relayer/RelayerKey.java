package dev.junction.execution.relayer;

import dev.junction.chain.Address;
import java.util.regex.Pattern;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;

/**
 * The relayer's secp256k1 key ({@code junction.relayer.private-key}, or the environment variable
 * {@code JUNCTION_RELAYER_PRIVATE_KEY}). It signs locally and never leaves this object: {@link #toString()} shows only
 * the address, and nothing returns the key.
 */
public final class RelayerKey {

    private static final Pattern HEX32 = Pattern.compile("(0x)?[0-9a-fA-F]{64}");

    private final Credentials credentials;
    private final Address address;

    private RelayerKey(Credentials credentials) {
        this.credentials = credentials;
        this.address = Address.evm(credentials.getAddress());
    }

    /**
     * @param privateKeyHex 32 bytes as hex, with or without 0x
     * @throws IllegalArgumentException naming the setting (never the value) when it is not a key
     */
    public static RelayerKey of(String privateKeyHex) {
        if (privateKeyHex == null || !HEX32.matcher(privateKeyHex.strip()).matches()) {
            throw new IllegalArgumentException("junction.relayer.private-key (JUNCTION_RELAYER_PRIVATE_KEY) must be "
                    + "32 bytes of hex");
        }
        return new RelayerKey(Credentials.create(privateKeyHex.strip()));
    }

    /** The relayer's account. */
    public Address address() {
        return address;
    }

    /** Signs an EIP-1559 transaction; the result is the raw bytes {@code eth_sendRawTransaction} takes. */
    byte[] sign(RawTransaction tx) {
        return TransactionEncoder.signMessage(tx, credentials);
    }

    @Override
    public String toString() {
        return "RelayerKey[" + address.lower() + "]";
    }
}
