package dev.junction.chainmarket;

import dev.junction.chain.Address;
import dev.junction.market.math.TickMath;
import java.math.BigInteger;
import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/** A pool's on-chain state as chain mode holds it: immutable; reducers return new values. */
sealed interface PoolState permits PoolState.V2, PoolState.V3, PoolState.Curve {

    String provider();

    Address address();

    Address token0();

    Address token1();

    /** Whether the pool can quote (reserves > 0; a V3 pool initialized). */
    boolean usable();

    /** A Uniswap V2 pair: its reserves as of the last {@code Sync}. */
    record V2(String provider, Address address, Address token0, Address token1, BigInteger reserve0,
            BigInteger reserve1) implements PoolState {

        @Override
        public boolean usable() {
            return reserve0.signum() > 0 && reserve1.signum() > 0;
        }

        V2 synced(BigInteger r0, BigInteger r1) {
            return new V2(provider, address, token0, token1, r0, r1);
        }
    }

    /**
     * A Curve StableSwap plain pool (2 or 3 coins) as its own getters answer at one block: {@code coins(i)},
     * {@code balances(i)}, {@code A()}, {@code fee()}. Re-read whole whenever it emits an event, and at every block
     * while its A ramps ({@code future_A_time()} after the block's timestamp); rates follow from the coins' decimals
     * (a plain pool's {@code RATES}).
     *
     * @param amp {@code A()} at the block read
     * @param rampEnd {@code future_A_time()}, 0 when the pool has no ramp getters
     */
    record Curve(String provider, Address address, List<Address> coins, List<BigInteger> balances, long amp,
            long fee, long rampEnd) implements PoolState {

        public Curve {
            coins = List.copyOf(coins);
            balances = List.copyOf(balances);
        }

        /** Not read yet. */
        static Curve unread(String provider, Address address) {
            return new Curve(provider, address, List.of(), List.of(), 0, 0, 0);
        }

        @Override
        public Address token0() {
            return coins.isEmpty() ? Address.ZERO : coins.get(0);
        }

        @Override
        public Address token1() {
            return coins.size() < 2 ? Address.ZERO : coins.get(1);
        }

        @Override
        public boolean usable() {
            return coins.size() >= 2 && amp > 0 && balances.stream().allMatch(b -> b.signum() > 0);
        }

        /** Whether A is still ramping after {@code timestamp} (seconds): the pool is re-read each block until then. */
        boolean ramping(long timestamp) {
            return rampEnd > timestamp;
        }
    }

    /** A tick's liquidityGross and liquidityNet; initialized while gross > 0. */
    record TickInfo(BigInteger gross, BigInteger net) {
    }

    /**
     * A Uniswap V3 pool: slot0, liquidity and the initialized ticks in {@code [windowLow, windowHigh]} (whole bitmap
     * words; the whole range for a pool followed since its creation). Ticks outside the window are unknown: a quote
     * that would reach past it is refused.
     */
    record V3(String provider, Address address, Address token0, Address token1, int fee, int tickSpacing,
            BigInteger sqrtPriceX96, int tick, BigInteger liquidity, NavigableMap<Integer, TickInfo> ticks,
            int windowLow, int windowHigh) implements PoolState {

        public V3 {
            ticks = Collections.unmodifiableNavigableMap(new TreeMap<>(ticks));
        }

        /** A pool just created: not initialized, every tick known (none). */
        static V3 created(String provider, Address address, Address token0, Address token1, int fee, int spacing) {
            return new V3(provider, address, token0, token1, fee, spacing, BigInteger.ZERO, 0, BigInteger.ZERO,
                    new TreeMap<>(), TickMath.MIN_TICK, TickMath.MAX_TICK);
        }

        @Override
        public boolean usable() {
            return sqrtPriceX96.signum() > 0;
        }

        boolean fullWindow() {
            return windowLow <= TickMath.MIN_TICK && windowHigh >= TickMath.MAX_TICK;
        }

        boolean inWindow(int t) {
            return t >= windowLow && t <= windowHigh;
        }

        V3 withSlot(BigInteger sqrtPrice, int newTick, BigInteger newLiquidity) {
            return new V3(provider, address, token0, token1, fee, tickSpacing, sqrtPrice, newTick, newLiquidity, ticks,
                    windowLow, windowHigh);
        }

        /** A position's liquidity changed by {@code delta} (Mint: +, Burn: -) over [lower, upper). */
        V3 withPosition(int lower, int upper, BigInteger delta) {
            TreeMap<Integer, TickInfo> next = new TreeMap<>(ticks);
            update(next, lower, delta, false);
            update(next, upper, delta, true);
            BigInteger active = liquidity;
            if (usable() && lower <= tick && tick < upper) {
                active = active.add(delta);
            }
            return new V3(provider, address, token0, token1, fee, tickSpacing, sqrtPriceX96, tick, active, next,
                    windowLow, windowHigh);
        }

        private void update(TreeMap<Integer, TickInfo> map, int t, BigInteger delta, boolean upper) {
            if (!inWindow(t)) {
                return;
            }
            TickInfo old = map.getOrDefault(t, new TickInfo(BigInteger.ZERO, BigInteger.ZERO));
            BigInteger gross = old.gross().add(delta);
            BigInteger net = upper ? old.net().subtract(delta) : old.net().add(delta);
            if (gross.signum() == 0) {
                map.remove(t);
            } else {
                map.put(t, new TickInfo(gross, net));
            }
        }

        /** Whether the current tick is within one bitmap word of the window's edge (time to reload the window). */
        boolean nearWindowEdge() {
            if (fullWindow()) {
                return false;
            }
            int word = 256 * tickSpacing;
            return (windowLow > TickMath.MIN_TICK && tick < windowLow + word)
                    || (windowHigh < TickMath.MAX_TICK && tick > windowHigh - word);
        }
    }
}
