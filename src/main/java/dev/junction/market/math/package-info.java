/**
 * Exact integer pool math as the contracts compute it: Uniswap V2, Uniswap V3 (TickMath, SqrtPriceMath, SwapMath, the
 * swap loop over initialized ticks) and Curve StableSwap (classic pools). No Spring, no I/O; every intermediate is a
 * {@link java.math.BigInteger}.
 */
@NamedInterface("math")
package dev.junction.market.math;

import org.springframework.modulith.NamedInterface;
