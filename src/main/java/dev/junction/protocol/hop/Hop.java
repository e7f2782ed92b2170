package dev.junction.protocol.hop;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.uint256;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.market.BridgeLane;
import dev.junction.protocol.BridgeProtocol;
import dev.junction.protocol.BridgeStep;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.shared.Recipients;
import java.math.BigInteger;
import java.util.List;

/**
 * Hop: from Ethereum the L1 bridge's {@code sendToL2}, from a rollup the AMM wrapper's {@code swapAndSend} (hToken
 * swaps on both sides). Sandbox only: quoted and simulated, no Junction adapter.
 */
public final class Hop implements BridgeProtocol {

    /** Hop L1_Bridge sendToL2 (from Ethereum). */
    public static final StepShape L1 = StepShape.call("HOP_L1",
            "sendToL2(uint256,address,uint256,uint256,uint256,address,uint256)");
    /** Hop L2_AmmWrapper swapAndSend (from a rollup). */
    public static final StepShape L2 = StepShape.call("HOP_L2",
            "swapAndSend(uint256,address,uint256,uint256,uint256,uint256,uint256,uint256)");

    private static final ChainId ETHEREUM = ChainId.of(1);
    /** The bridge's canonical provider key. */
    public static final String KEY = "hop";
    private static final List<String> KEYS = List.of(KEY);

    @Override
    public List<String> providerKeys() {
        return KEYS;
    }

    @Override
    public List<StepShape> shapes() {
        return List.of(L1, L2);
    }

    @Override
    public StepShape shape(BridgeLane lane) {
        return lane.fromChain().equals(ETHEREUM) ? L1 : L2;
    }

    @Override
    public boolean carriesMessage(BridgeLane lane) {
        return false;
    }

    @Override
    public byte[] stepData(BridgeStep b) {
        long toChain = b.toChain().value();
        BigInteger in = b.amountIn().value();
        BigInteger min = b.minAmountOut().value();
        Address receiver = Recipients.evm(b.recipient(), "receiver");
        if (shape(b.lane()) == L1) {
            return Abi.call(L1.signature(), uint256(toChain), address(receiver), uint256(in), uint256(min),
                    uint256(b.fillDeadline()), address(Address.ZERO), uint256(0));
        }
        boolean toL1 = b.toChain().equals(ETHEREUM);
        return Abi.call(L2.signature(), uint256(toChain), address(receiver), uint256(in),
                uint256(in.subtract(b.quotedOut().value()).max(BigInteger.ZERO)), uint256(min),
                uint256(b.deadline()), uint256(toL1 ? BigInteger.ZERO : min), uint256(toL1 ? 0 : b.fillDeadline()));
    }
}
