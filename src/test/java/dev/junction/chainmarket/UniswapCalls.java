package dev.junction.chainmarket;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.int256;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.uint256;

import dev.junction.chain.Address;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import java.math.BigInteger;
import java.util.List;

/**
 * Calldata of the ERC-20 and Uniswap calls the chain-mode tests send to an anvil chain
 * ({@link dev.junction.support.AnvilProcess#send}), encoded with the one ABI codec.
 */
final class UniswapCalls {

    static final BigInteger MAX = BigInteger.TWO.pow(256).subtract(BigInteger.ONE);
    static final long DEADLINE = 4_000_000_000L;

    private UniswapCalls() {
    }

    /** ERC-20 {@code approve(spender, max)}. */
    static String approve(Address spender) {
        return Abi.callHex("approve(address,uint256)", address(spender), uint256(MAX));
    }

    static BigInteger word(String hex, int i) {
        return AbiDecoder.uint(hex, i);
    }

    // --- Uniswap calls ---

    static String quoteExactInputSingle(Address in, Address out, BigInteger amount, int fee) {
        return Abi.callHex("quoteExactInputSingle((address,address,uint256,uint24,uint160))",
                tuple(address(in), address(out), uint256(amount), uint256(fee), uint256(0)));
    }

    static String getAmountsOut(BigInteger amount, Address... path) {
        return Abi.callHex("getAmountsOut(uint256,address[])", uint256(amount), Abi.addressArray(List.of(path)));
    }

    static String exactInputSingle(Address in, Address out, int fee, Address recipient, BigInteger amount) {
        return Abi.callHex("exactInputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))",
                tuple(address(in), address(out), uint256(fee), address(recipient), uint256(DEADLINE),
                        uint256(amount), uint256(0), uint256(0)));
    }

    static String swapExactTokensForTokens(BigInteger amount, Address to, Address... path) {
        return Abi.callHex("swapExactTokensForTokens(uint256,uint256,address[],address,uint256)", uint256(amount),
                uint256(0), Abi.addressArray(List.of(path)), address(to), uint256(DEADLINE));
    }

    static String addLiquidity(Address a, Address b, BigInteger amountA, BigInteger amountB, Address to) {
        return Abi.callHex("addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)",
                address(a), address(b), uint256(amountA), uint256(amountB), uint256(0), uint256(0), address(to),
                uint256(DEADLINE));
    }

    static String mint(Address token0, Address token1, int fee, int lower, int upper, BigInteger amount0,
            BigInteger amount1, Address recipient) {
        return Abi.callHex("mint((address,address,uint24,int24,int24,uint256,uint256,uint256,uint256,address,"
                + "uint256))", tuple(address(token0), address(token1), uint256(fee), int256(lower), int256(upper),
                        uint256(amount0), uint256(amount1), uint256(0), uint256(0), address(recipient),
                        uint256(DEADLINE)));
    }

    static String decreaseLiquidity(BigInteger tokenId, BigInteger liquidity) {
        return Abi.callHex("decreaseLiquidity((uint256,uint128,uint256,uint256,uint256))",
                tuple(uint256(tokenId), uint256(liquidity), uint256(0), uint256(0), uint256(DEADLINE)));
    }
}
