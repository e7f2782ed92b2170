package dev.junction.gasless;

import dev.junction.calldata.CalldataException;
import dev.junction.calldata.RouteCall;
import dev.junction.chain.AcquisitionMode;
import dev.junction.chain.Address;
import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;
import java.util.function.Predicate;

/** The request rules of GET /gasless/quote that do not need a route. */
final class QuoteRules {

    private QuoteRules() {
    }

    static void check(GaslessQuoteCommand cmd) {
        if (cmd.acquisitionMode() != 2 && cmd.acquisitionMode() != 3) {
            throw new GaslessException(GaslessFailure.UNSUPPORTED_ACQUISITION_MODE, "acquisitionMode must be 2 (signed "
                    + "permit) or 3 (signed permit with witness) for a gasless swap; was " + cmd.acquisitionMode());
        }
        boolean nativeInput = cmd.fromToken().isNative() || cmd.fromToken().equals(Address.ZERO);
        if (!AcquisitionMode.of(cmd.acquisitionMode()).moves(nativeInput)) {
            throw new GaslessException(GaslessFailure.NATIVE_INPUT, "fromToken must be an ERC-20 token: Permit2 cannot "
                    + "move the native token " + cmd.fromToken());
        }
        if (cmd.fromToken().solana() || cmd.sender().solana()) {
            throw new GaslessException(GaslessFailure.CHAIN_NOT_GASLESS,
                    "fromChain has no Junction gasless executor: gasless swaps start on EVM chains", "fromChain");
        }
        if (cmd.toToken().solana() || cmd.effectiveReceiver().solana()) {
            throw new GaslessException(GaslessFailure.NO_ROUTE, "no gasless route to a non-EVM chain: the gasless "
                    + "executor delivers on EVM chains only", "toChain");
        }
        if (cmd.amount().isZero()) {
            throw new GaslessException(GaslessFailure.INVALID_PARAMETER, "amount must be > 0", "amount");
        }
        if (cmd.feeBps() != null && (cmd.feeBps() < 0 || cmd.feeBps() > 10_000)) {
            throw new GaslessException(GaslessFailure.INVALID_PARAMETER, "feeBps must be an integer from 0 to 10000", "feeBps");
        }
        if (cmd.deadlineMinutes() != null && (cmd.deadlineMinutes() < 0 || cmd.deadlineMinutes() > 525_600)) {
            throw new GaslessException(GaslessFailure.INVALID_PARAMETER,
                    "deadlineMinutes must be an integer from 0 to 525600 (one year)", "deadlineMinutes");
        }
        if (cmd.slippage() != null && !(cmd.slippage() >= 0 && cmd.slippage() <= 100)) {
            throw new GaslessException(GaslessFailure.INVALID_PARAMETER, "slippage must be a percentage from 0 to 100", "slippage");
        }
        if (cmd.hasDestinationCall() && (cmd.destinationGasLimit() == null || cmd.destinationGasLimit().signum() <= 0
                || cmd.destinationGasLimit().compareTo(RouteCall.MAX_DESTINATION_GAS) > 0)) {
            // the builds' rule and error (RouteCall), so both answer the same code and message
            throw new CalldataException("destinationGasLimit", "must be from 1 to " + RouteCall.MAX_DESTINATION_GAS
                    + " when destinationCallData is given: the most gas the call may use on the destination chain");
        }
    }

    /**
     * The source chain; it must be an EVM chain with a router where the instance's gasless executor starts swaps (the
     * sandbox's executor, or Junction's relayer on a real chain: {@code executorStartsOn}), else 4009.
     */
    static Chain sourceChain(MarketSnapshot market, GaslessQuoteCommand cmd, Predicate<Chain> executorStartsOn) {
        Chain chain = market.chain(cmd.fromChain()).orElseThrow(() -> new GaslessException(
                GaslessFailure.INVALID_PARAMETER, "fromChain " + cmd.fromChain() + " is not a chain Junction serves", "fromChain"));
        if (!chain.evm() || !executorStartsOn.test(chain) || chain.router() == null) {
            throw new GaslessException(GaslessFailure.CHAIN_NOT_GASLESS, "fromChain " + cmd.fromChain()
                    + " has no Junction gasless executor, so fromToken cannot be swapped gaslessly there", "fromChain");
        }
        return chain;
    }

    /** The destination chain; it must be an EVM chain (the executor delivers there), else no route (3001). */
    static Chain destinationChain(MarketSnapshot market, GaslessQuoteCommand cmd) {
        Chain chain = market.chain(cmd.toChain()).orElseThrow(() -> new GaslessException(
                GaslessFailure.INVALID_PARAMETER, "toChain " + cmd.toChain() + " is not a chain Junction serves", "toChain"));
        if (!chain.evm()) {
            throw new GaslessException(GaslessFailure.NO_ROUTE, "toChain " + cmd.toChain()
                    + " is not an EVM chain; gasless swaps deliver on EVM chains only", "toChain");
        }
        return chain;
    }
}
