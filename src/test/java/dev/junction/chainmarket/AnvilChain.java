package dev.junction.chainmarket;

import dev.junction.chain.Address;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.RpcSettings;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A test's hand on an anvil chain: {@code eth_call}s at a block and transactions from anvil's unlocked dev accounts
 * ({@code eth_sendTransaction}), mined at once (automine).
 */
final class AnvilChain {

    static final BigInteger MAX = BigInteger.TWO.pow(256).subtract(BigInteger.ONE);
    static final long DEADLINE = 4_000_000_000L;

    final JsonRpcClient rpc;

    AnvilChain(URI url) {
        this.rpc = new JsonRpcClient(List.of(url), RpcSettings.DEFAULT.withTimeout(Duration.ofSeconds(30))
                .withAttempts(1, Duration.ZERO, Duration.ZERO));
    }

    long blockNumber() {
        return new BigInteger(rpc.call("eth_blockNumber").asString().substring(2), 16).longValueExact();
    }

    String call(Address to, String data, long block) {
        return rpc.call("eth_call", Map.of("to", to.lower(), "data", data), "0x" + Long.toHexString(block)).asString();
    }

    /** Sends a transaction from an unlocked dev account; fails when it reverts. Answers its block number. */
    long send(Address from, Address to, String data) {
        JsonNode receipt = mined(Map.of("from", from.lower(), "to", to.lower(), "data", data, "gas", "0x1c9c380"),
                "transaction to " + to);
        return new BigInteger(receipt.path("blockNumber").asString().substring(2), 16).longValueExact();
    }

    /** Deploys {@code initCode} from an unlocked dev account; answers the new contract's address. */
    Address deploy(Address from, String initCode) {
        JsonNode receipt = mined(Map.of("from", from.lower(), "data", initCode, "gas", "0x1c9c380"), "deployment");
        return Address.evm(receipt.path("contractAddress").asString());
    }

    /** Sends the transaction and waits (up to 2 s) for its receipt; fails when it reverts. */
    private JsonNode mined(Map<String, String> tx, String what) {
        String hash = rpc.call("eth_sendTransaction", tx).asString();
        JsonNode receipt = rpc.call("eth_getTransactionReceipt", hash);
        for (int i = 0; i < 100 && receipt.isNull(); i++) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            receipt = rpc.call("eth_getTransactionReceipt", hash);
        }
        if (!"0x1".equals(receipt.path("status").asString())) {
            throw new AssertionError(what + " reverted: " + receipt);
        }
        return receipt;
    }

    void approve(Address owner, Address token, Address spender) {
        send(owner, token, Abi.call(Abi.selector("approve(address,uint256)"), Abi.word(spender), Abi.word(MAX)));
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
