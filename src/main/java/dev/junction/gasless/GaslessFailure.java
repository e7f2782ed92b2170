package dev.junction.gasless;

/**
 * Why a gasless quote or submission was refused. The api module maps each to its error code (in brackets).
 */
public enum GaslessFailure {
    /** No gasless quote with that id (4001). */
    QUOTE_NOT_FOUND,
    /** Not a 65-byte r||s||v (v 27/28 or 0/1) or 64-byte EIP-2098 signature, or s in the upper half (4003). */
    SIGNATURE_INVALID,
    /** The signature recovers to someone other than the quote's sender (4004). */
    WRONG_SIGNER,
    /** The permit deadline has passed (4005). */
    PERMIT_EXPIRED,
    /** The permit's Permit2 nonce is already used (4006). */
    NONCE_USED,
    /** The quote was already submitted with another signature (4007). */
    ALREADY_SUBMITTED,
    /** acquisitionMode is not 2 or 3 (4008). */
    UNSUPPORTED_ACQUISITION_MODE,
    /** The input token is the chain's native token, which Permit2 cannot move (4009). */
    NATIVE_INPUT,
    /** The source chain has no Junction gasless executor, so nothing on it can be swapped gaslessly (4009). */
    CHAIN_NOT_GASLESS,
    /** The executor's gas plus the integrator fee is at least the input amount (3004). */
    FEE_EXCEEDS_INPUT,
    /** A request parameter breaks its rule (1002). */
    INVALID_PARAMETER,
    /** No route for the request (the routing module's no-route code). */
    NO_ROUTE,
    /** On a real chain, the owner's balance or Permit2 allowance of the input token is below the amount (4010). */
    INSUFFICIENT_FUNDS,
    /** On a real chain, an eth_call of the relayer's exact transaction reverts (3007, with the decoded reason). */
    SIMULATION_FAILED
}
