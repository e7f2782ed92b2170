package dev.junction.market.math;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.math.ConcentratedLiquidity.Position;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Properties of the three pool kinds' math over generated pools and amounts. */
class PoolMathProperties {

    private static final int[] FEES = {100, 500, 3000, 10000};
    private static final int[] SPACINGS = {1, 10, 60, 200};

    // ---------- constant product ----------

    @Property(tries = 300)
    void v2OutputGrowsWithInputAndStaysBelowTheReserve(@ForAll("reserves") BigInteger rin,
            @ForAll("reserves") BigInteger rout, @ForAll("amounts") BigInteger a, @ForAll("amounts") BigInteger b,
            @ForAll @IntRange(min = 0, max = 1000) int feeBps) {
        BigInteger small = a.min(b);
        BigInteger large = a.max(b);
        BigInteger outSmall = UniswapV2Math.getAmountOut(small, rin, rout, feeBps);
        BigInteger outLarge = UniswapV2Math.getAmountOut(large, rin, rout, feeBps);
        assertThat(outSmall).isLessThanOrEqualTo(outLarge);
        assertThat(outSmall.signum()).isGreaterThanOrEqualTo(0);
        assertThat(outLarge).isLessThan(rout);
    }

    // ---------- concentrated liquidity ----------

    @Property(tries = 150)
    void v3OutputGrowsWithInputAndNeverExceedsWhatThePositionsHold(@ForAll("v3Pools") V3Pool pool,
            @ForAll boolean zeroForOne, @ForAll("amounts") BigInteger a, @ForAll("amounts") BigInteger b) {
        var small = UniswapV3Math.swapExactInput(pool.state(), zeroForOne, a.min(b));
        var large = UniswapV3Math.swapExactInput(pool.state(), zeroForOne, a.max(b));
        assertThat(small.amountOut()).isLessThanOrEqualTo(large.amountOut());
        assertThat(small.feeAmount().signum()).isGreaterThanOrEqualTo(0);
        assertThat(large.feeAmount()).isLessThanOrEqualTo(large.amountIn());
        assertThat(large.amountIn()).isLessThanOrEqualTo(a.max(b));
        assertThat(large.amountOut()).isLessThanOrEqualTo(pool.held(!zeroForOne));
    }

    @Property(tries = 150)
    void v3QuoteHasTheAmountsOfTheSwap(@ForAll("v3Pools") V3Pool pool, @ForAll boolean zeroForOne,
            @ForAll("amounts") BigInteger amount) {
        var swap = UniswapV3Math.swapExactInput(pool.state(), zeroForOne, amount);
        var quote = UniswapV3Math.quoteExactInput(pool.state(), zeroForOne, amount);
        assertThat(quote).isEqualTo(new UniswapV3Math.Quote(swap.amountIn(), swap.amountOut(), swap.feeAmount(),
                swap.ticksCrossed()));
    }

    @Property(tries = 150)
    void v3StateAfterTheSwapIsConsistent(@ForAll("v3Pools") V3Pool pool, @ForAll boolean zeroForOne,
            @ForAll("amounts") BigInteger amount) {
        var r = UniswapV3Math.swapExactInput(pool.state(), zeroForOne, amount);
        int fromPrice = TickMath.getTickAtSqrtRatio(r.sqrtPriceX96After());
        boolean endedOnACrossedBoundaryGoingDown = zeroForOne && fromPrice == r.tickAfter() + 1
                && r.sqrtPriceX96After().equals(TickMath.getSqrtRatioAtTick(fromPrice));
        if (!endedOnACrossedBoundaryGoingDown) {
            assertThat(r.tickAfter()).isEqualTo(fromPrice);
        }
        assertThat(r.liquidityAfter()).isEqualTo(pool.liquidityAt(r.tickAfter()));
        if (r.amountIn().compareTo(amount) < 0) {
            assertThat(r.sqrtPriceX96After()).isEqualTo(zeroForOne
                    ? TickMath.MIN_SQRT_RATIO.add(BigInteger.ONE) : TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE));
        }
    }

    /**
     * A V3 pool with one full-range position quotes like the V2 pool with the same virtual reserves
     * ({@code x = L*2^96/sqrtP}, {@code y = L*sqrtP/2^96}) and the same fee, within rounding. Tolerance, in output units:
     * per swap step, 2 units plus twice the value of one input unit at the marginal price ({@code ceil(reserveOut/reserveIn)});
     * plus one part in 10^9 of the output. Why: the V3 loop takes one step per 256-tick bitmap word it passes (even with a
     * single position), and each step floors the input less fee to a whole unit, rounds its input up and its output down
     * and rounds its fee up, where V2 computes the whole trade in one fraction; the V2 reserves are the V3 virtual
     * reserves rounded down (relative error below 10^-9 with reserves of 10^9 and more). Steps are bounded by
     * {@code |tick moved| / (256 * spacing) + 2}.
     */
    @Property(tries = 300)
    void v3FullRangeQuotesLikeV2(@ForAll("liquidities") BigInteger liquidity,
            @ForAll @IntRange(min = -200_000, max = 200_000) int tick, @ForAll @IntRange(min = 0, max = 3) int tier,
            @ForAll boolean zeroForOne, @ForAll @IntRange(min = 1, max = 1_000_000) int partsPerMillion) {
        int fee = FEES[tier];
        int spacing = SPACINGS[tier];
        BigInteger sqrtP = TickMath.getSqrtRatioAtTick(tick);
        BigInteger x = liquidity.shiftLeft(96).divide(sqrtP);
        BigInteger y = liquidity.multiply(sqrtP).shiftRight(96);
        BigInteger reserveIn = zeroForOne ? x : y;
        BigInteger amount = reserveIn.multiply(BigInteger.valueOf(partsPerMillion)).divide(BigInteger.valueOf(1_000_000));
        if (amount.signum() == 0 || x.compareTo(BigInteger.TEN.pow(9)) < 0 || y.compareTo(BigInteger.TEN.pow(9)) < 0) {
            return;
        }
        var position = new Position(ConcentratedLiquidity.minUsableTick(spacing),
                ConcentratedLiquidity.maxUsableTick(spacing), liquidity);
        var ticks = ConcentratedLiquidity.fromPositions(List.of(position), spacing, tick);
        var state = new UniswapV3Math.PoolState(sqrtP, tick, ticks.liquidity(), spacing, fee, ticks.liquidityNet());
        var swap = UniswapV3Math.swapExactInput(state, zeroForOne, amount);
        BigInteger v3 = swap.amountOut();
        BigInteger v2 = UniswapV2Math.getAmountOut(amount, reserveIn, zeroForOne ? y : x, fee / 100);
        BigInteger reserveOut = zeroForOne ? y : x;
        BigInteger oneInputUnit = reserveOut.add(reserveIn).subtract(BigInteger.ONE).divide(reserveIn);
        long steps = Math.abs((long) swap.tickAfter() - tick) / (256L * spacing) + 2;
        BigInteger perStep = BigInteger.TWO.add(oneInputUnit.shiftLeft(1));
        BigInteger tolerance = perStep.multiply(BigInteger.valueOf(steps)).add(v2.divide(BigInteger.TEN.pow(9)));
        assertThat(v3.subtract(v2).abs()).isLessThanOrEqualTo(tolerance);
    }

    // ---------- stableswap ----------

    @Property(tries = 100)
    void stableOutputGrowsWithInputAndStaysBelowTheBalance(@ForAll("stablePools") StableCase pool,
            @ForAll("stableAmounts") BigInteger a, @ForAll("stableAmounts") BigInteger b) {
        BigInteger unitIn = BigInteger.TEN.pow(pool.decimals[pool.i]);
        BigInteger small = a.min(b).multiply(unitIn).divide(BigInteger.valueOf(1000));
        BigInteger large = a.max(b).multiply(unitIn).divide(BigInteger.valueOf(1000));
        BigInteger[] partsSmall = StableSwapMath.getDyParts(pool.amp, pool.balances, pool.decimals, pool.fee, pool.i, pool.j, small);
        BigInteger[] partsLarge = StableSwapMath.getDyParts(pool.amp, pool.balances, pool.decimals, pool.fee, pool.i, pool.j, large);
        assertThat(partsSmall[0]).isLessThanOrEqualTo(partsLarge[0]);
        assertThat(partsLarge[0]).isLessThan(pool.balances[pool.j]);
        assertThat(partsSmall[1].signum()).isGreaterThanOrEqualTo(0);
        assertThat(partsLarge[1].signum()).isGreaterThanOrEqualTo(0);
    }

    // ---------- generators ----------

    @Provide
    Arbitrary<BigInteger> reserves() {
        return Arbitraries.bigIntegers().between(BigInteger.TEN.pow(6), BigInteger.TEN.pow(30));
    }

    @Provide
    Arbitrary<BigInteger> amounts() {
        return Arbitraries.oneOf(Arbitraries.bigIntegers().between(BigInteger.ONE, BigInteger.TEN.pow(9)),
                Arbitraries.bigIntegers().between(BigInteger.ONE, BigInteger.TEN.pow(24)),
                Arbitraries.bigIntegers().between(BigInteger.ONE, BigInteger.TEN.pow(30)));
    }

    @Provide
    Arbitrary<BigInteger> liquidities() {
        return Arbitraries.bigIntegers().between(BigInteger.TEN.pow(12), BigInteger.TEN.pow(30));
    }

    @Provide
    Arbitrary<BigInteger> stableAmounts() {
        return Arbitraries.bigIntegers().between(BigInteger.ONE, BigInteger.valueOf(5_000_000_000L));
    }

    @Provide
    Arbitrary<V3Pool> v3Pools() {
        Arbitrary<Integer> tier = Arbitraries.integers().between(0, 3);
        Arbitrary<Integer> center = Arbitraries.integers().between(-100_000, 100_000);
        Arbitrary<List<int[]>> shapes = Arbitraries.integers().between(1, 2000).array(int[].class).ofSize(3)
                .list().ofMinSize(1).ofMaxSize(6);
        Arbitrary<List<BigInteger>> liquidities = liquidities().list().ofSize(6);
        return Combinators.combine(tier, center, shapes, liquidities).as(V3Pool::generate);
    }

    @Provide
    Arbitrary<StableCase> stablePools() {
        Arbitrary<Integer> n = Arbitraries.integers().between(2, 3);
        Arbitrary<List<Integer>> decimals = Arbitraries.of(6, 8, 18).list().ofSize(3);
        // Realistic stable pools: A from 10 and balances within 20x of each other. (With A near 1 and 1000x imbalance
        // get_D does not converge in 255 rounds: the contract reverts too, and so does StableSwapMath.)
        Arbitrary<List<Long>> wholeBalances = Arbitraries.longs().between(1_000_000L, 20_000_000L).list().ofSize(3);
        Arbitrary<Long> amp = Arbitraries.longs().between(10, 5000);
        Arbitrary<Long> fee = Arbitraries.longs().between(0, 50_000_000);
        Arbitrary<Boolean> reverse = Arbitraries.of(true, false);
        return Combinators.combine(n, decimals, wholeBalances, amp, fee, reverse).as(StableCase::generate);
    }

    /** A generated V3 pool and the positions it was built from. */
    record V3Pool(UniswapV3Math.PoolState state, List<Position> positions) {

        static V3Pool generate(int tier, int center, List<int[]> shapes, List<BigInteger> liquidities) {
            int spacing = SPACINGS[tier];
            List<Position> positions = new ArrayList<>();
            for (int k = 0; k < shapes.size(); k++) {
                int[] s = shapes.get(k);
                int lower = Math.floorDiv(center, spacing) * spacing - s[0] * spacing;
                int upper = Math.floorDiv(center, spacing) * spacing + s[1] * spacing;
                lower = Math.max(lower, ConcentratedLiquidity.minUsableTick(spacing));
                upper = Math.min(upper, ConcentratedLiquidity.maxUsableTick(spacing));
                positions.add(new Position(lower, upper, liquidities.get(k)));
            }
            int tick = center + shapes.get(0)[2] % spacing;
            BigInteger sqrtP = TickMath.getSqrtRatioAtTick(tick).add(BigInteger.valueOf(shapes.get(0)[2]));
            tick = TickMath.getTickAtSqrtRatio(sqrtP);
            var ticks = ConcentratedLiquidity.fromPositions(positions, spacing, tick);
            return new V3Pool(new UniswapV3Math.PoolState(sqrtP, tick, ticks.liquidity(), spacing, FEES[tier],
                    ticks.liquidityNet()), positions);
        }

        /** Sum over positions of token1 (or token0) they hold at the current price. */
        BigInteger held(boolean token0) {
            BigInteger sum = BigInteger.ZERO;
            for (Position p : positions) {
                var amounts = LiquidityAmounts.getAmountsForLiquidity(state.sqrtPriceX96(),
                        TickMath.getSqrtRatioAtTick(p.tickLower()), TickMath.getSqrtRatioAtTick(p.tickUpper()), p.liquidity());
                sum = sum.add(token0 ? amounts.amount0() : amounts.amount1());
            }
            // LiquidityAmounts rounds each position down; allow one unit per position.
            return sum.add(BigInteger.valueOf(positions.size()));
        }

        BigInteger liquidityAt(int tick) {
            return ConcentratedLiquidity.fromPositions(positions, state.tickSpacing(), tick).liquidity();
        }
    }

    /** A generated stable pool and a coin pair. */
    record StableCase(long amp, BigInteger[] balances, int[] decimals, long fee, int i, int j) {

        static StableCase generate(int n, List<Integer> decimals, List<Long> whole, long amp, long fee, boolean reverse) {
            BigInteger[] balances = new BigInteger[n];
            int[] dec = new int[n];
            for (int k = 0; k < n; k++) {
                dec[k] = decimals.get(k);
                balances[k] = BigInteger.valueOf(whole.get(k)).multiply(BigInteger.TEN.pow(dec[k]));
            }
            return reverse ? new StableCase(amp, balances, dec, fee, n - 1, 0) : new StableCase(amp, balances, dec, fee, 0, n - 1);
        }
    }
}
