package dev.junction.chainmarket;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.int256;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.uint256;

import dev.junction.chain.Address;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
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
        send(owner, token, Abi.callHex("approve(address,uint256)", address(spender), uint256(MAX)));
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
