package dev.junction.chainmarket;

import dev.junction.chain.Address;
import java.math.BigInteger;

/**
 * Calldata of the ERC-20 and Uniswap calls the chain-mode tests send to an anvil chain
 * ({@link dev.junction.support.AnvilProcess#send}), encoded by hand with chain mode's own {@link Abi}.
 */
final class UniswapCalls {

    static final BigInteger MAX = BigInteger.TWO.pow(256).subtract(BigInteger.ONE);
    static final long DEADLINE = 4_000_000_000L;

    private UniswapCalls() {
    }

    /** ERC-20 {@code approve(spender, max)}. */
    static String approve(Address spender) {
        return Abi.call(Abi.selector("approve(address,uint256)"), Abi.word(spender), Abi.word(MAX));
    }

    static BigInteger word(String hex, int i) {
        return Abi.uint(hex, i);
    }

    // --- Uniswap calls, encoded by hand (static tuples encode as their words) ---

    static String quoteExactInputSingle(Address in, Address out, BigInteger amount, int fee) {
        return Abi.call(Abi.selector("quoteExactInputSingle((address,address,uint256,uint24,uint160))"), Abi.word(in),
                Abi.word(out), Abi.word(amount), Abi.word(fee), Abi.word(0));
    }

    static String getAmountsOut(BigInteger amount, Address... path) {
        StringBuilder words = new StringBuilder(Abi.word(amount) + Abi.word(64) + Abi.word(path.length));
        for (Address a : path) {
            words.append(Abi.word(a));
        }
        return "0x" + Abi.selector("getAmountsOut(uint256,address[])") + words;
    }

    static String exactInputSingle(Address in, Address out, int fee, Address recipient, BigInteger amount) {
        return Abi.call(Abi.selector(
                "exactInputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))"),
                Abi.word(in), Abi.word(out), Abi.word(fee), Abi.word(recipient), Abi.word(DEADLINE), Abi.word(amount),
                Abi.word(0), Abi.word(0));
    }

    static String swapExactTokensForTokens(BigInteger amount, Address to, Address... path) {
        StringBuilder words = new StringBuilder(Abi.word(amount) + Abi.word(0) + Abi.word(160) + Abi.word(to)
                + Abi.word(DEADLINE) + Abi.word(path.length));
        for (Address a : path) {
            words.append(Abi.word(a));
        }
        return "0x" + Abi.selector("swapExactTokensForTokens(uint256,uint256,address[],address,uint256)") + words;
    }

    static String addLiquidity(Address a, Address b, BigInteger amountA, BigInteger amountB, Address to) {
        return Abi.call(Abi.selector(
                "addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)"), Abi.word(a),
                Abi.word(b), Abi.word(amountA), Abi.word(amountB), Abi.word(0), Abi.word(0), Abi.word(to),
                Abi.word(DEADLINE));
    }

    static String mint(Address token0, Address token1, int fee, int lower, int upper, BigInteger amount0,
            BigInteger amount1, Address recipient) {
        return Abi.call(Abi.selector("mint((address,address,uint24,int24,int24,uint256,uint256,uint256,uint256,"
                + "address,uint256))"), Abi.word(token0), Abi.word(token1), Abi.word(fee),
                Abi.word(BigInteger.valueOf(lower)), Abi.word(BigInteger.valueOf(upper)), Abi.word(amount0),
                Abi.word(amount1), Abi.word(0), Abi.word(0), Abi.word(recipient), Abi.word(DEADLINE));
    }

    static String decreaseLiquidity(BigInteger tokenId, BigInteger liquidity) {
        return Abi.call(Abi.selector("decreaseLiquidity((uint256,uint128,uint256,uint256,uint256))"),
                Abi.word(tokenId), Abi.word(liquidity), Abi.word(0), Abi.word(0), Abi.word(DEADLINE));
    }
}
