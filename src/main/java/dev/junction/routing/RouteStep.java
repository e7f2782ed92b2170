package dev.junction.routing;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.Token;
import java.math.BigInteger;
import java.util.Objects;

/**
 * One step of a planned route, computed exactly.
 *
 * @param kind swap or bridge
 * @param provider the DEX or bridge provider
 * @param chain the chain the step executes on (the source chain of a bridge)
 * @param fromChain chain of fromToken
 * @param toChain chain of toToken (differs from fromChain only for a bridge)
 * @param fromToken token spent (the native token when the route spends native; the pool then trades its wrapped form)
 * @param toToken token received
 * @param fromAmount spent, fromToken units: exactly what the previous step produced
 * @param toAmount received, toToken units
 * @param lpFee the pool's LP fee, fromToken units (zero for a bridge)
 * @param bridgeFee the bridge fee (fixed + proportional + destination gas), fromToken units (zero for a swap)
 * @param gasUnits gas units of the step on {@code chain}
 * @param estimatedSeconds median (p50) duration, seconds
 * @param p90Seconds 90th percentile duration, seconds
 * @param pool the pool swapped through; null for a bridge step
 * @param lane the bridge lane used; null for a swap step
 * @param poolTokenIn the address passed to the pool as tokenIn (the wrapped native for a native fromToken); null for
 *                    a bridge
 * @param poolTokenOut the address the pool pays out (the wrapped native for a native toToken); null for a bridge
 * @param leg the parallel leg of a split route the step belongs to; null for a step of a single path
 */
public record RouteStep(StepKind kind, Provider provider, ChainId chain, ChainId fromChain, ChainId toChain,
        Token fromToken, Token toToken, BigInteger fromAmount, BigInteger toAmount, BigInteger lpFee,
        BigInteger bridgeFee, long gasUnits, int estimatedSeconds, int p90Seconds, Pool pool, BridgeLane lane,
        Address poolTokenIn, Address poolTokenOut, Leg leg) {

    public RouteStep {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(provider, "provider");
        if ((kind == StepKind.SWAP) != (pool != null) || (kind == StepKind.BRIDGE) != (lane != null)) {
            throw new IllegalArgumentException("a swap step has a pool, a bridge step a lane");
        }
        if (leg != null && kind != StepKind.SWAP) {
            throw new IllegalArgumentException("only a swap step belongs to a leg of a split");
        }
    }

    /** A step of a single path (no leg). */
    public RouteStep(StepKind kind, Provider provider, ChainId chain, ChainId fromChain, ChainId toChain,
            Token fromToken, Token toToken, BigInteger fromAmount, BigInteger toAmount, BigInteger lpFee,
            BigInteger bridgeFee, long gasUnits, int estimatedSeconds, int p90Seconds, Pool pool, BridgeLane lane,
            Address poolTokenIn, Address poolTokenOut) {
        this(kind, provider, chain, fromChain, toChain, fromToken, toToken, fromAmount, toAmount, lpFee, bridgeFee,
                gasUnits, estimatedSeconds, p90Seconds, pool, lane, poolTokenIn, poolTokenOut, null);
    }

    /** This step as part of {@code leg} of a split route. */
    public RouteStep inLeg(Leg leg) {
        return new RouteStep(kind, provider, chain, fromChain, toChain, fromToken, toToken, fromAmount, toAmount, lpFee,
                bridgeFee, gasUnits, estimatedSeconds, p90Seconds, pool, lane, poolTokenIn, poolTokenOut, leg);
    }

    /** The step's total fee (LP + bridge), fromToken units. */
    public BigInteger totalFee() {
        return lpFee.add(bridgeFee);
    }

    /** Identity of the step for distinctness: the pool id or the lane and the tokens in and out. */
    String identity() {
        String via = kind == StepKind.SWAP ? pool.id()
                : lane.provider() + ":" + lane.fromChain().value() + ":" + lane.toChain().value() + ":"
                        + lane.inputToken().value();
        // addresses in their canonical form (EIP-55 or base58): equal addresses have equal text
        return via + ">" + fromToken.chain().value() + ":" + fromToken.address().value() + ">"
                + toToken.chain().value() + ":" + toToken.address().value();
    }
}
