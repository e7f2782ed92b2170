package dev.junction.deploy;

import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.web3j.crypto.Hash;

/**
 * CREATE2 through the canonical deterministic deployer (Arachnid's deployment proxy, at the same address on nearly
 * every EVM chain and built into anvil): calldata {@code salt ++ initCode} deploys {@code initCode} at
 * {@code keccak256(0xff ++ deployer ++ salt ++ keccak256(initCode))[12:]}. The address depends only on the init code
 * (creation bytecode and constructor arguments) and the salt, never on who sends the transaction.
 */
public final class Create2 {

    /** The canonical CREATE2 deployer. */
    public static final Address DEPLOYER = Address.evm("0x4e59b44847b379578588920cA78FbF26c0B4956C");

    /** Junction's one salt for every contract it deploys: {@code keccak256("junction.v1")}. */
    public static final byte[] SALT = Hash.sha3("junction.v1".getBytes(StandardCharsets.UTF_8));

    private Create2() {
    }

    /** The address {@code initCode} deployed with {@link #SALT} through {@link #DEPLOYER} lands at. */
    public static Address address(byte[] initCode) {
        return address(DEPLOYER, SALT, initCode);
    }

    public static Address address(Address deployer, byte[] salt, byte[] initCode) {
        byte[] preimage = new byte[1 + 20 + 32 + 32];
        preimage[0] = (byte) 0xff;
        System.arraycopy(deployer.bytes(), 0, preimage, 1, 20);
        System.arraycopy(salt, 0, preimage, 21, 32);
        System.arraycopy(Hash.sha3(initCode), 0, preimage, 53, 32);
        return Address.evm(Hex.encode(Arrays.copyOfRange(Hash.sha3(preimage), 12, 32)));
    }

    /** The calldata of the deployer transaction: {@code salt ++ initCode}. */
    static byte[] deployCalldata(byte[] initCode) {
        byte[] data = new byte[32 + initCode.length];
        System.arraycopy(SALT, 0, data, 0, 32);
        System.arraycopy(initCode, 0, data, 32, initCode.length);
        return data;
    }
}
