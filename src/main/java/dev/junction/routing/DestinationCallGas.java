package dev.junction.routing;

import java.math.BigInteger;

/**
 * The gas a destination call ({@code destinationCallData}, issue 39) adds to the transaction that runs it: its
 * {@code destinationGasLimit} plus the router's hand-over to its {@code JunctionExecutor}. One figure for builds,
 * {@code /quote}'s gas figures and the gasless relayer's fee.
 */
public final class DestinationCallGas {

    /**
     * Gas of the router's hand-over to its {@code JunctionExecutor} besides the call's own limit: the executor's call,
     * the exact approval and its reset, the balance read, the fallback transfer and the event (measured about 50,000 in
     * DestinationCall.t.sol; rounded up).
     */
    public static final long EXECUTOR_GAS = 70_000;

    private DestinationCallGas() {
    }

    /** {@code destinationGasLimit + EXECUTOR_GAS} when there is a call (non-empty 0x-hex and a limit), else 0. */
    public static long of(String destinationCallData, BigInteger destinationGasLimit) {
        boolean call = destinationCallData != null && destinationCallData.length() > 2;
        return call && destinationGasLimit != null ? destinationGasLimit.longValueExact() + EXECUTOR_GAS : 0;
    }
}
