package dev.junction.market;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.math.BigInteger;

/**
 * One direction of a bridge for one token.
 *
 * @param provider bridge provider key, e.g. {@code across}
 * @param fromChain source chain
 * @param toChain destination chain
 * @param inputToken token deposited on the source chain
 * @param outputToken token received on the destination chain
 * @param fixedFee fixed fee in inputToken units
 * @param feeBps proportional fee in basis points of the amount
 * @param destinationGasUsd destination gas the bridge charges, USD (converted to inputToken units at reference price)
 * @param p50Seconds median latency, seconds
 * @param p90Seconds 90th percentile latency, seconds
 * @param minAmount smallest input the lane accepts, inputToken units
 * @param capacity largest input the lane carries, inputToken units
 * @param gasUnits source-chain gas units of the deposit call
 */
public record BridgeLane(String provider, ChainId fromChain, ChainId toChain, Address inputToken, Address outputToken,
        BigInteger fixedFee, int feeBps, double destinationGasUsd, int p50Seconds, int p90Seconds, BigInteger minAmount,
        BigInteger capacity, long gasUnits) {
}
