package dev.junction.calldata.protocol;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.addressArray;
import static dev.junction.chain.abi.Abi.bool;
import static dev.junction.chain.abi.Abi.bytes;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.int128;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.tupleArray;
import static dev.junction.chain.abi.Abi.uint256;

import dev.junction.calldata.SwapCall;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.Address;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.StablePool;
import java.io.ByteArrayOutputStream;
import java.util.List;

/** A swap step's {@code data}: the DEX's own call, as {@link SwapShape} picks it. */
public final class SwapEncoding {

    private SwapEncoding() {
    }

    /**
     * @param swap the step
     * @param recipient who receives the step's output in the provider's own call (shapes no adapter executes)
     * @param deadline Unix seconds, for shapes that carry one
     */
    public static byte[] encode(SwapCall swap, Address recipient, long deadline) {
        SwapShape shape = SwapShape.of(swap.pool());
        var in = swap.amountIn().value();
        var min = swap.minAmountOut().value();
        return switch (shape) {
            case UNISWAP_V2 -> new byte[0];
            case CAMELOT_V2 -> Abi.call(shape.signature(), uint256(in), uint256(min),
                    addressArray(List.of(swap.tokenIn(), swap.tokenOut())), address(recipient),
                    address(Address.ZERO), uint256(deadline));
            case SOLIDLY_V2 -> Abi.call(shape.signature(), uint256(in), uint256(min),
                    tupleArray(List.of(tuple(address(swap.tokenIn()), address(swap.tokenOut()), bool(false),
                            address(Address.ZERO)))),
                    address(recipient), uint256(deadline));
            case UNISWAP_V3_ROUTER02, UNISWAP_V3_SWAP_ROUTER ->
                    Abi.encode(uint256(((ConcentratedPool) swap.pool()).feePips()));
            case PANCAKE_V3 -> Abi.call(shape.signature(),
                    tuple(bytes(feePath(swap)), address(recipient), uint256(in), uint256(min)));
            case ALGEBRA -> Abi.call(shape.signature(),
                    tuple(bytes(packedPath(swap.tokenIn(), null, swap.tokenOut())), address(recipient),
                            uint256(deadline), uint256(in), uint256(min)));
            case SLIPSTREAM -> Abi.call(shape.signature(),
                    tuple(bytes(packedPath(swap.tokenIn(), ((ConcentratedPool) swap.pool()).tickSpacing(),
                            swap.tokenOut())), address(recipient), uint256(deadline), uint256(in), uint256(min)));
            case CURVE -> {
                StablePool pool = (StablePool) swap.pool();
                yield Abi.encode(address(poolAddress(pool)), int128(pool.coins().indexOf(swap.tokenIn())),
                        int128(pool.coins().indexOf(swap.tokenOut())));
            }
            case GENERIC -> Abi.call(shape.signature(), bytes32(Abi.keccak(swap.pool().id())),
                    address(swap.tokenIn()), address(swap.tokenOut()), uint256(in), uint256(min), address(recipient),
                    uint256(deadline));
        };
    }

    /**
     * The on-chain address of a pool whose adapter needs it (Curve): the last {@code :}-separated part of the pool id
     * when it is an EVM address (live markets key pools by address); the zero address for the sandbox's simulated
     * pools, which have none (the simulated network runs the step by adapter and tokens, not by this field).
     */
    static Address poolAddress(StablePool pool) {
        String id = pool.id();
        String last = id.substring(id.lastIndexOf(':') + 1);
        if (last.length() == 42 && last.startsWith("0x")) {
            try {
                return Address.evm(last);
            } catch (IllegalArgumentException notAnAddress) {
                return Address.ZERO;
            }
        }
        return Address.ZERO;
    }

    /** Uniswap V3 packed path: tokenIn (20 bytes) | fee in pips (3 bytes, big-endian) | tokenOut (20 bytes). */
    static byte[] feePath(SwapCall swap) {
        return packedPath(swap.tokenIn(), ((ConcentratedPool) swap.pool()).feePips(), swap.tokenOut());
    }

    /**
     * {@code abi.encodePacked(tokenIn, uint24/int24 middle, tokenOut)}; without the middle when it is null.
     * A negative middle is written in 24-bit two's complement (int24).
     */
    public static byte[] packedPath(Address tokenIn, Integer middle, Address tokenOut) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(tokenIn.bytes());
        if (middle != null) {
            if (middle < -(1 << 23) || middle >= (1 << 24)) {
                throw new IllegalArgumentException("a path fee or tick spacing must fit in 3 bytes");
            }
            out.write((middle >> 16) & 0xff);
            out.write((middle >> 8) & 0xff);
            out.write(middle & 0xff);
        }
        out.writeBytes(tokenOut.bytes());
        return out.toByteArray();
    }
}
