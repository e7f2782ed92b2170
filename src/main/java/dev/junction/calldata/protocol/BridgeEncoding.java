package dev.junction.calldata.protocol;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bytes;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.uint16;
import static dev.junction.chain.abi.Abi.uint256;
import static dev.junction.chain.abi.Abi.uint32;
import static dev.junction.chain.abi.Abi.uint64;

import dev.junction.calldata.BridgeCall;
import dev.junction.calldata.CalldataException;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.Address;
import java.math.BigInteger;
import java.nio.ByteBuffer;

/** A bridge step's {@code data}: the bridge's own deposit call, as {@link BridgeShape} picks it. */
public final class BridgeEncoding {

    /** CCTP V2 minFinalityThreshold for a Standard (finalized) transfer. */
    static final int CCTP_FINALIZED = 2000;
    /** lzCompose gas when the route sets no destinationGasLimit. */
    static final long DEFAULT_COMPOSE_GAS = 300_000;

    private BridgeEncoding() {
    }

    /**
     * What a bridge call needs besides the step.
     *
     * @param sender the wallet funding the route (depositor and refund address)
     * @param recipient who gets the bridged tokens on the destination chain
     * @param message for the destination router (empty when the bridge pays the receiver directly)
     * @param quotedAt quote time, Unix seconds (Across quoteTimestamp)
     * @param deadline route deadline, Unix seconds
     * @param quoteId the route's 32-byte quote id (nonces are taken from it)
     * @param destinationGasLimit gas for the destination leg, 0 for the default
     */
    public record Context(Address sender, Address recipient, byte[] message, long quotedAt, long deadline,
            byte[] quoteId, BigInteger destinationGasLimit) {
    }

    /** When the destination side must have acted: the route deadline plus twice the lane's p90 latency. */
    public static long fillDeadline(BridgeCall bridge, long deadline) {
        return deadline + 2L * bridge.lane().p90Seconds();
    }

    public static byte[] encode(BridgeCall b, Context c) {
        BridgeShape shape = BridgeShape.of(b);
        BigInteger in = b.amountIn().value();
        BigInteger out = b.quotedOut().value();
        BigInteger min = b.minAmountOut().value();
        long toChain = b.toChain().value();
        long fill = fillDeadline(b, c.deadline());
        return switch (shape) {
            case ACROSS_V3, ACROSS_BYTES32 -> Abi.encode(tuple(bytes32(Recipients.bytes32(c.sender())),
                    bytes32(Recipients.bytes32(c.recipient())), bytes32(Recipients.bytes32(b.tokenOut())),
                    uint256(out), uint256(in), uint256(toChain), bytes32(new byte[32]), uint32(c.quotedAt()),
                    uint32(fill), uint32(0), bytes(c.message())));
            case CCTP_V1 -> Abi.encode(tuple(uint32(Ids.require(Ids.CCTP_DOMAIN, b.toChain(), "CCTP", "toChain")),
                    bytes32(Recipients.bytes32(c.recipient())), uint256(toChain)));
            case CCTP_V2 -> Abi.call(shape.signature(), uint256(in),
                    uint32(Ids.require(Ids.CCTP_DOMAIN, b.toChain(), "CCTP", "toChain")),
                    bytes32(Recipients.bytes32(c.recipient())), address(b.tokenIn()), bytes32(new byte[32]),
                    uint256(in.subtract(out).max(BigInteger.ZERO)), uint32(CCTP_FINALIZED));
            case STARGATE_V2 -> Abi.call(shape.signature(),
                    tuple(uint32(Ids.require(Ids.LAYERZERO_EID, b.toChain(), "Stargate (LayerZero)", "toChain")),
                            bytes32(Recipients.bytes32(c.recipient())), uint256(in), uint256(min),
                            bytes(c.message().length == 0 ? new byte[0] : composeOptions(c.destinationGasLimit())),
                            bytes(c.message()), bytes(new byte[0])),
                    tuple(uint256(0), uint256(0)), address(c.sender()));
            case HOP_L1 -> Abi.call(shape.signature(), uint256(toChain), address(evm(c.recipient(), "receiver")),
                    uint256(in), uint256(min), uint256(fill), address(Address.ZERO), uint256(0));
            case HOP_L2 -> {
                boolean toL1 = toChain == 1;
                yield Abi.call(shape.signature(), uint256(toChain), address(evm(c.recipient(), "receiver")),
                        uint256(in), uint256(in.subtract(out).max(BigInteger.ZERO)), uint256(min), uint256(c.deadline()),
                        uint256(toL1 ? BigInteger.ZERO : min), uint256(toL1 ? 0 : fill));
            }
            case CELER -> Abi.call(shape.signature(), address(evm(c.recipient(), "receiver")), address(b.tokenIn()),
                    uint256(in), uint64(toChain), uint64(ByteBuffer.wrap(c.quoteId()).getLong() & Long.MAX_VALUE),
                    uint32(celerSlippage(in, min)));
            case WORMHOLE -> Abi.call(shape.signature(), address(b.tokenIn()), uint256(in),
                    uint16(Ids.require(Ids.WORMHOLE_CHAIN, b.toChain(), "Wormhole", "toChain")),
                    bytes32(Recipients.bytes32(c.recipient())), uint256(0),
                    uint32(ByteBuffer.wrap(c.quoteId()).getInt() & 0xffffffffL));
            case GENERIC -> Abi.call(shape.signature(), bytes32(Abi.keccak(b.provider())), uint256(toChain),
                    bytes32(Recipients.bytes32(c.recipient())), address(b.tokenIn()),
                    bytes32(Recipients.bytes32(b.tokenOut())), uint256(in), uint256(min), uint256(fill),
                    bytes(c.message()));
        };
    }

    /** cBridge maxSlippage in millionths of the amount: ceil((in - min) * 10^6 / in). */
    static long celerSlippage(BigInteger in, BigInteger min) {
        BigInteger gap = in.subtract(min).max(BigInteger.ZERO).multiply(BigInteger.valueOf(1_000_000));
        BigInteger[] qr = gap.divideAndRemainder(in);
        long v = qr[0].longValueExact() + (qr[1].signum() > 0 ? 1 : 0);
        return Math.min(v, 1_000_000);
    }

    /**
     * LayerZero V2 type-3 executor options with one lzCompose option (index 0):
     * {@code 0x0003 | workerId 1 | uint16 size 19 | optionType 3 | uint16 index 0 | uint128 gas}.
     */
    static byte[] composeOptions(BigInteger destinationGasLimit) {
        BigInteger gas = destinationGasLimit.signum() > 0 ? destinationGasLimit : BigInteger.valueOf(DEFAULT_COMPOSE_GAS);
        if (gas.bitLength() > 128) {
            throw new CalldataException("destinationGasLimit", "must fit in 128 bits for a Stargate route");
        }
        ByteBuffer buf = ByteBuffer.allocate(2 + 1 + 2 + 1 + 2 + 16);
        buf.putShort((short) 3).put((byte) 1).putShort((short) 19).put((byte) 3).putShort((short) 0);
        byte[] g = gas.toByteArray();
        byte[] g16 = new byte[16];
        int n = Math.min(g.length, 16);
        System.arraycopy(g, g.length - n, g16, 16 - n, n);
        buf.put(g16);
        return buf.array();
    }

    private static Address evm(Address a, String parameter) {
        if (a.solana()) {
            throw new CalldataException(parameter, "is a Solana address, which this bridge call cannot carry");
        }
        return a;
    }
}
