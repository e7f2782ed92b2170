package dev.junction.calldata;

import dev.junction.chain.Address;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.Bytes32;
import dev.junction.chain.Hex;
import java.util.Arrays;
import java.util.List;

/**
 * The signatures of Junction's router ({@code contracts/src/IJunctionRouter.sol}, ABI
 * {@code contracts/abi/JunctionRouter.json}); a test derives each from the JSON and compares.
 */
public final class RouterAbi {

    /** {@code RouteParams} as a tuple type. */
    public static final String ROUTE_PARAMS =
            "(bytes32,address,uint256,address,uint256,address,uint256,uint16,address,uint8,bytes,uint256,address)";
    /** {@code Step} as a tuple type. */
    public static final String STEP = "(uint8,address,address,address,uint256,bytes)";
    /** {@code PermitData} (owner, nonce, deadline, signature) as a tuple type. */
    public static final String PERMIT_DATA = "(address,uint256,uint256,bytes)";
    /** The entry function of acquisition modes 0 and 1. */
    public static final String EXECUTE_ROUTE = "executeRoute(" + ROUTE_PARAMS + "," + STEP + "[])";
    /** The entry function of acquisition modes 2 and 3: the input moves through Permit2 from the permit's owner. */
    public static final String EXECUTE_ROUTE_WITH_PERMIT =
            "executeRouteWithPermit(" + ROUTE_PARAMS + "," + STEP + "[]," + PERMIT_DATA + ")";

    /** Event signatures (their keccak256 is topic 0). */
    public static final List<String> EVENTS = List.of(
            "RouteExecuted(bytes32,address,address,address,uint256,address,uint256)",
            "StepExecuted(bytes32,uint256,address,uint8,address,address,uint256,uint256)",
            "BridgeInitiated(bytes32,address,uint256,address,uint256,address)",
            "IntegratorFeePaid(bytes32,address,address,uint256)");

    /** Custom error signatures (their selector is the revert data's first 4 bytes). */
    public static final List<String> ERRORS = List.of(
            "DeadlineExpired(uint256,uint256)",
            "InsufficientOutput(uint256,uint256,uint256)",
            "InvalidNativeValue(uint256,uint256)",
            "UnknownAdapter(address)",
            "InvalidAcquisitionMode(uint8)",
            "UnknownRelayer(address)",
            "ZeroAmount()",
            "InvalidRecipient(address)",
            "InvalidFee(uint16)",
            "StepTokenMismatch(uint256,address,address)",
            "OutputTokenMismatch(address,address)", "InvalidShares(uint256)");

    /**
     * The router's {@code JunctionExecutor} event: the destination call's outcome (0 succeeded, 1 reverted or ran out
     * of gas, 2 refused target) and what the fallback address got.
     */
    public static final String DESTINATION_CALL_EXECUTED =
            "DestinationCallExecuted(bytes32,address,address,address,uint256,uint8,uint256)";

    /**
     * Where a router's {@code JunctionExecutor} is: the router deploys it in its constructor, its first CREATE
     * (nonce 1), so the address is {@code keccak256(rlp([router, 1]))[12:]}.
     */
    public static Address executorOf(Address router) {
        byte[] rlp = new byte[23];
        rlp[0] = (byte) 0xd6;
        rlp[1] = (byte) 0x94;
        System.arraycopy(router.bytes(), 0, rlp, 2, 20);
        rlp[22] = 0x01;
        byte[] hash = Abi.keccak(rlp);
        return Address.evm(Hex.encode(Arrays.copyOfRange(hash, 12, 32)));
    }

    /** Step kind numbers. */
    public static final int KIND_SWAP = 0;
    public static final int KIND_BRIDGE = 1;
    /** The start of a split route's leg: no adapter, data abi.encode(uint256 shareBps). */
    public static final int KIND_LEG = 2;

    private RouterAbi() {
    }

    /** {@code 0x} + the 4-byte selector of a signature. */
    public static String selector(String signature) {
        return Hex.encode(Abi.selector(signature));
    }

    /** keccak256 of an event signature: the event's topic 0. */
    public static Bytes32 topic(String signature) {
        return Abi.topic(signature);
    }
}
