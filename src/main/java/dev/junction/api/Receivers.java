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
