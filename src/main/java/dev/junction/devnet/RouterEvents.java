package dev.junction.devnet;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.List;

/** The router's event logs, with topics from the signatures of {@code contracts/src/IJunctionRouter.sol}. */
final class RouterEvents {

    static final String ROUTE_EXECUTED =
            EvmAbi.topic("RouteExecuted(bytes32,address,address,address,uint256,address,uint256)");
    static final String BRIDGE_INITIATED = EvmAbi.topic("BridgeInitiated(bytes32,address,uint256,address,uint256,address)");

    static final String FEE_PAID = EvmAbi.topic("IntegratorFeePaid(bytes32,address,address,uint256)");

    private RouterEvents() {
    }

    static EvmAbi.Log feePaid(Address router, String quoteId, Address recipient, Address token, BigInteger amount) {
        return new EvmAbi.Log(router.lower(), List.of(FEE_PAID, quoteId, Quantity.topic(recipient)),
                EvmAbi.words(address(token), amount));
    }

    static EvmAbi.Log routeExecuted(Address router, String quoteId, Address sender, Address receiver, Address inputToken,
            BigInteger amountIn, Address outputToken, BigInteger amountOut) {
        return new EvmAbi.Log(router.lower(), List.of(ROUTE_EXECUTED, quoteId, Quantity.topic(sender),
                Quantity.topic(receiver)), EvmAbi.words(address(inputToken), amountIn, address(outputToken), amountOut));
    }

    static EvmAbi.Log bridgeInitiated(Address router, String quoteId, Address adapter, long destinationChainId,
            Address tokenIn, BigInteger amountIn, Address recipient) {
        return new EvmAbi.Log(router.lower(), List.of(BRIDGE_INITIATED, quoteId, Quantity.topic(adapter),
                Quantity.word(BigInteger.valueOf(destinationChainId))),
                EvmAbi.words(address(tokenIn), amountIn, address(recipient)));
    }

    private static BigInteger address(Address a) {
        return new BigInteger(1, a.bytes());
    }
}
