package dev.junction.protocol.generic;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bytes;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.uint256;

import dev.junction.chain.abi.Abi;
import dev.junction.market.BridgeLane;
import dev.junction.protocol.BridgeProtocol;
import dev.junction.protocol.BridgeStep;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.shared.Recipients;
import java.util.List;

/**
 * Junction's generic bridge call, for a bridge no room serves (the rollups' canonical bridges of the snapshot, and
 * any other key; see docs/DECISIONS.md): the provider by the keccak256 of its key, the chains, tokens, amounts, fill
 * deadline and the destination message. The registry's fallback, not matched by key: it serves no key itself. No
 * adapter executes it, it has no gas row, and /status does not follow it.
 */
public final class GenericBridge implements BridgeProtocol {

    public static final StepShape SHAPE = StepShape.call("GENERIC_BRIDGE",
            "junctionGenericBridge(bytes32,uint256,bytes32,address,bytes32,uint256,uint256,uint256,bytes)");

    @Override
    public String name() {
        return "generic";
    }

    /** None: the registry hands this room the keys no other room serves. */
    @Override
    public boolean serves(String providerKey) {
        return false;
    }

    @Override
    public List<String> providerKeys() {
        return List.of();
    }

    @Override
    public List<StepShape> shapes() {
        return List.of(SHAPE);
    }

    @Override
    public boolean carriesMessage(BridgeLane lane) {
        return true;
    }

    @Override
    public byte[] stepData(BridgeStep b) {
        return Abi.call(SHAPE.signature(), bytes32(Abi.keccak(b.lane().provider())), uint256(b.toChain().value()),
                bytes32(Recipients.bytes32(b.recipient())), address(b.tokenIn()),
                bytes32(Recipients.bytes32(b.tokenOut())), uint256(b.amountIn().value()),
                uint256(b.minAmountOut().value()), uint256(b.fillDeadline()), bytes(b.message()));
    }
}
