package dev.junction.devnet;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.List;

/** The router's event logs, with topics from the signatures of {@code contracts/src/IJunctionRouter.sol}. */
final class RouterEvents {

    static final String ROUTE_EXECUTED =
            Evm.topic("RouteExecuted(bytes32,address,address,address,uint256,address,uint256)");
    static final String BRIDGE_INITIATED = Evm.topic("BridgeInitiated(bytes32,address,uint256,address,uint256,address)");

    static final String FEE_PAID = Evm.topic("IntegratorFeePaid(bytes32,address,address,uint256)");

    private RouterEvents() {
    }

    static Evm.Log feePaid(Address router, String quoteId, Address recipient, Address token, BigInteger amount) {
        return new Evm.Log(router.lower(), List.of(FEE_PAID, quoteId, Quantity.topic(recipient)),
                Evm.words(address(token), amount));
    }

    static Evm.Log routeExecuted(Address router, String quoteId, Address sender, Address receiver, Address inputToken,
            BigInteger amountIn, Address outputToken, BigInteger amountOut) {
        return new Evm.Log(router.lower(), List.of(ROUTE_EXECUTED, quoteId, Quantity.topic(sender),
                Quantity.topic(receiver)), Evm.words(address(inputToken), amountIn, address(outputToken), amountOut));
    }

    static Evm.Log bridgeInitiated(Address router, String quoteId, Address adapter, long destinationChainId,
            Address tokenIn, BigInteger amountIn, Address recipient) {
        return new Evm.Log(router.lower(), List.of(BRIDGE_INITIATED, quoteId, Quantity.topic(adapter),
                Quantity.word(BigInteger.valueOf(destinationChainId))),
                Evm.words(address(tokenIn), amountIn, address(recipient)));
    }

    private static BigInteger address(Address a) {
        return new BigInteger(1, a.bytes());
    }
}
