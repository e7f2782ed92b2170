package dev.junction.protocol.wormhole;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.uint16;
import static dev.junction.chain.abi.Abi.uint256;
import static dev.junction.chain.abi.Abi.uint32;

import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.market.BridgeLane;
import dev.junction.protocol.BridgeProtocol;
import dev.junction.protocol.BridgeStep;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.shared.ChainNumbers;
import dev.junction.protocol.shared.Recipients;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

/**
 * Wormhole Token Bridge (Portal): {@code transferTokens} to the destination's Wormhole chain id, with a nonce from the
 * quote id. Sandbox only: quoted and simulated, no Junction adapter.
 */
public final class Wormhole implements BridgeProtocol {

    /** Wormhole Token Bridge transferTokens. */
    public static final StepShape TRANSFER = StepShape.call("WORMHOLE",
            "transferTokens(address,uint256,uint16,bytes32,uint256,uint32)");

    /** Wormhole chain id by chain id. Source: Wormhole's chain ids. */
    static final ChainNumbers CHAIN_IDS = new ChainNumbers("Wormhole", Map.of(
            ChainId.SOLANA.value(), 1, 1L, 2, 56L, 4, 137L, 5, 43114L, 6, 42161L, 23, 10L, 24, 8453L, 30, 59144L, 38));

    /** The bridge's canonical provider key. */
    public static final String KEY = "wormhole";
    private static final List<String> KEYS = List.of(KEY, "portal");

    @Override
    public List<String> providerKeys() {
        return KEYS;
    }

    @Override
    public List<StepShape> shapes() {
        return List.of(TRANSFER);
    }

    @Override
    public boolean carriesMessage(BridgeLane lane) {
        return false;
    }

    @Override
    public byte[] stepData(BridgeStep b) {
        return Abi.call(TRANSFER.signature(), address(b.tokenIn()), uint256(b.amountIn().value()),
                uint16(CHAIN_IDS.require(b.toChain(), "toChain")), bytes32(Recipients.bytes32(b.recipient())),
                uint256(0), uint32(ByteBuffer.wrap(b.quoteId()).getInt() & 0xffffffffL));
    }
}
