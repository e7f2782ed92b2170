package dev.junction.protocol.generic;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.uint256;

import dev.junction.chain.abi.Abi;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.SwapStep;

/**
 * Junction's generic swap call, for a fork whose router call Junction does not encode (see docs/DECISIONS.md): the
 * pool by the keccak256 of its id, the tokens, amounts, recipient and deadline. No adapter executes it. A DEX room
 * whose fork has no known call uses it (Uniswap V3's Trader Joe).
 */
public final class GenericSwap {

    public static final StepShape SHAPE = StepShape.call("GENERIC_SWAP",
            "junctionGenericSwap(bytes32,address,address,uint256,uint256,address,uint256)");

    private GenericSwap() {
    }

    public static byte[] stepData(SwapStep s) {
        return Abi.call(SHAPE.signature(), bytes32(Abi.keccak(s.pool().id())), address(s.tokenIn()),
                address(s.tokenOut()), uint256(s.amountIn().value()), uint256(s.minAmountOut().value()),
                address(s.recipient()), uint256(s.deadline()));
    }
}
