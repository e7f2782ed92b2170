/**
 * Exact integer pool math as the contracts compute it: Uniswap V2, Uniswap V3 (TickMath, SqrtPriceMath, SwapMath, the
 * swap loop over initialized ticks), Curve StableSwap (classic pools) and Balancer V2 (FixedPoint, LogExpMath,
 * WeightedMath, StableMath and the pools' fee and scaling around them). No Spring, no I/O; every intermediate is a
 * {@link java.math.BigInteger}.
 */
@NamedInterface("math")
package dev.junction.market.math;

import org.springframework.modulith.NamedInterface;
