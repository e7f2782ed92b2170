package dev.junction.api;

import dev.junction.chain.Address;
import dev.junction.market.Chain;
import java.util.Optional;

/** The {@code receiver} rule shared by the quoting operations. */
final class Receivers {

    private Receivers() {
    }

    /**
     * The receiver on {@code to}: the given address, else the sender when both chains have the same address kind (EVM
     * or Solana); a cross-kind route without a receiver is 1001.
     */
    /**
     * {@code fallbackAddress}: who gets the output on {@code to} when {@code destinationCallData} fails; the given EVM
     * address (1003 when it is not one, or the zero address), else the sender when both chains are EVM chains, else
     * null (a Solana destination runs no call).
     */
    static Address fallbackAddress(String name, Optional<String> given, Address sender, Chain from, Chain to) {
        if (given.isPresent()) {
            if (!to.evm()) {
                throw new ApiException(ErrorCode.INVALID_PARAMETER, name + " applies to EVM destination chains only:"
                        + " a destination call runs on an EVM chain", name);
            }
            return ParamRules.wallet(name, given.get(), false);
        }
        return from.evm() && to.evm() ? sender : null;
    }

    /**
     * {@code destinationCallData} needs {@code destinationGasLimit} (1001 naming it when absent; 0 is already refused
     * as an amount), and {@code destinationGasLimit} alone is allowed (ignored without a call).
     */
    static void requireGasLimitForCall(String destinationCallData, Object destinationGasLimit) {
        if (destinationCallData != null && destinationCallData.length() > 2 && destinationGasLimit == null) {
            throw new ApiException(ErrorCode.MISSING_PARAMETER, "destinationGasLimit is required when"
                    + " destinationCallData is given: an integer > 0, the most gas the call may use on the destination"
                    + " chain", "destinationGasLimit");
        }
    }

    static Address resolve(String name, Optional<String> given, Address sender, Chain from, Chain to) {
        if (given.isPresent()) {
            return MarketGate.Served.wallet(name, to, given.get());
        }
        if (from.evm() != to.evm()) {
            throw new ApiException(ErrorCode.MISSING_PARAMETER,
                    name + " is required when toChain and fromChain have different address kinds (EVM, Solana)", name);
        }
        return sender;
    }
}
