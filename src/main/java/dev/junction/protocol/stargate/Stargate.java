package dev.junction.protocol.stargate;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bytes;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.uint256;
import static dev.junction.chain.abi.Abi.uint32;

import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.market.BridgeLane;
import dev.junction.protocol.BridgeProtocol;
import dev.junction.protocol.BridgeStep;
import dev.junction.protocol.StepDataException;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.shared.ChainNumbers;
import dev.junction.protocol.shared.Recipients;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

/**
 * Stargate V2 (a LayerZero V2 OFT): {@code send(SendParam, MessagingFee, refundAddress)}, the destination leg as the
 * OFT's compose message with an lzCompose gas option. Sandbox only: quoted and simulated, no Junction adapter.
 */
public final class Stargate implements BridgeProtocol {

    /** Stargate V2 (LayerZero V2 OFT) send(SendParam, MessagingFee, refundAddress). */
    public static final StepShape V2 = StepShape.call("STARGATE_V2",
            "send((uint32,bytes32,uint256,uint256,bytes,bytes,bytes),(uint256,uint256),address)");

    /**
     * LayerZero V2 endpoint id (eid) by chain id, as SendParam.dstEid wants it. Source: LayerZero V2 "deployed
     * contracts" endpoint ids (30xxx = mainnet).
     */
    static final ChainNumbers ENDPOINT_IDS = new ChainNumbers("Stargate (LayerZero)", Map.of(
            1L, 30101, 56L, 30102, 43114L, 30106, 137L, 30109, 42161L, 30110, 10L, 30111, 59144L, 30183,
            8453L, 30184, ChainId.SOLANA.value(), 30168));
    /** lzCompose gas when the route sets no destinationGasLimit. */
    static final long DEFAULT_COMPOSE_GAS = 300_000;

    /** The bridge's canonical provider key. */
    public static final String KEY = "stargate";
    private static final List<String> KEYS = List.of(KEY);

    @Override
    public List<String> providerKeys() {
        return KEYS;
    }

    @Override
    public List<StepShape> shapes() {
        return List.of(V2);
    }

    @Override
    public boolean carriesMessage(BridgeLane lane) {
        return true;
    }

    @Override
    public byte[] stepData(BridgeStep b) {
        byte[] message = b.message();
        return Abi.call(V2.signature(),
                tuple(uint32(ENDPOINT_IDS.require(b.toChain(), "toChain")), bytes32(Recipients.bytes32(b.recipient())),
                        uint256(b.amountIn().value()), uint256(b.minAmountOut().value()),
                        bytes(message.length == 0 ? new byte[0] : composeOptions(b.destinationGasLimit())),
                        bytes(message), bytes(new byte[0])),
                tuple(uint256(0), uint256(0)), address(b.sender()));
    }

    /**
     * LayerZero V2 type-3 executor options with one lzCompose option (index 0):
     * {@code 0x0003 | workerId 1 | uint16 size 19 | optionType 3 | uint16 index 0 | uint128 gas}.
     */
    static byte[] composeOptions(BigInteger destinationGasLimit) {
        BigInteger gas = destinationGasLimit.signum() > 0 ? destinationGasLimit
                : BigInteger.valueOf(DEFAULT_COMPOSE_GAS);
        if (gas.bitLength() > 128) {
            throw new StepDataException("destinationGasLimit", "must fit in 128 bits for a Stargate route");
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
}
