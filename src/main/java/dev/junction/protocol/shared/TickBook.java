package dev.junction.protocol.shared;

import static dev.junction.chain.abi.AbiDecoder.int256;
import static dev.junction.chain.abi.AbiDecoder.uint;
import static dev.junction.chain.abi.AbiDecoder.words;

import dev.junction.chain.abi.AbiDecoder;
import dev.junction.market.TickWindow;
import dev.junction.market.TickWindowEdges;
import dev.junction.market.math.TickMath;
import dev.junction.protocol.ContractCall;
import dev.junction.protocol.PoolRead;
import dev.junction.protocol.PoolState;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The tick bookkeeping of a chain-mode pool with a Uniswap V3 style tick bitmap (the {@code uniswapv3} and
 * {@code uniswapv4} rooms): the initialized ticks known in the pool's {@link TickWindow}, kept exact by liquidity
 * changes, the window's reload and widening where quotes reached its edges ({@link TickWindowEdges}), and the read
 * rounds that fill it (bitmap words, then the liquidity of each initialized tick found). A view of a pool state's
 * fields: the rooms differ only in the calls that read a word and a tick ({@link Reads}).
 *
 * @param ticks the initialized ticks known, as the state holds them (not copied)
 * @param window the ticks whose initialized state is known
 * @param edges the edges quotes reached, shared by the pool's successive states
 * @param spacing the pool's tick spacing
 */
public record TickBook(NavigableMap<Integer, TickInfo> ticks, TickWindow window, TickWindowEdges edges, int spacing) {

    /** A tick's liquidityGross and liquidityNet; initialized while gross > 0. */
    public record TickInfo(BigInteger gross, BigInteger net) {
    }

    /**
     * What a room's reads are made of.
     *
     * @param word the call reading one tick-bitmap word
     * @param tick the call reading one tick's gross and net liquidity (two words)
     * @param done the room's state holding a book read
     */
    public record Reads(IntFunction<ContractCall> word, IntFunction<ContractCall> tick,
            Function<TickBook, PoolState> done) {
    }

    /**
     * The ticks after a position's liquidity changed by {@code delta} (added: +, removed: -) over [lower, upper): each
     * bound's gross by {@code delta}, its net by {@code delta} at the lower bound and {@code -delta} at the upper; a
     * tick whose gross reaches 0 is no longer initialized. A bound outside the window stays unknown.
     */
    public NavigableMap<Integer, TickInfo> withPosition(int lower, int upper, BigInteger delta) {
        TreeMap<Integer, TickInfo> next = new TreeMap<>(ticks);
        update(next, lower, delta, false);
        update(next, upper, delta, true);
        return next;
    }

    private void update(TreeMap<Integer, TickInfo> map, int t, BigInteger delta, boolean upper) {
        if (!window.contains(t)) {
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

    /** Each known tick's liquidityNet, as a concentrated pool crosses it. */
    public NavigableMap<Integer, BigInteger> liquidityNet() {
        TreeMap<Integer, BigInteger> net = new TreeMap<>();
        ticks.forEach((t, info) -> net.put(t, info.net()));
        return Collections.unmodifiableNavigableMap(net);
    }

    /** Whether {@code tick} is within one bitmap word of the window's edge (time to reload the window). */
    public boolean needsReload(int tick) {
        if (window.isFull()) {
            return false;
        }
        int word = 256 * spacing;
        return (window.low() > TickMath.MIN_TICK && tick < window.low() + word)
                || (window.high() < TickMath.MAX_TICK && tick > window.high() - word);
    }

    /** Whether a quote reached an edge of the window since it was last widened. */
    public boolean wantsWider() {
        return !window.isFull() && edges.pending();
    }

    /**
     * Reading the window: the bitmap words of the whole window (none when {@code state} is not usable), then the
     * liquidity of every initialized tick found, added to the ticks known; then {@code reads.done}.
     *
     * @param state the state holding this book
     */
    public PoolRead readWindow(PoolState state, Reads reads) {
        List<Integer> words = new ArrayList<>();
        for (int w = window.lowWord(spacing); state.usable() && w <= window.highWord(spacing); w++) {
            words.add(w);
        }
        return new Bitmap(this, List.copyOf(words), reads);
    }

    /**
     * The window widened on the sides quotes reached ({@link TickWindow#widened}, taking them from {@code edges}),
     * reading only the new words (at the block of {@code state}, which already holds every tick of the old window):
     * the new bitmap words, then the liquidity of the initialized ticks in them. {@code state} itself when it is not
     * usable or no side can grow.
     *
     * @param tick the pool's current tick
     * @param state the state holding this book
     */
    public PoolRead readWider(int tick, PoolState state, Reads reads) {
        TickWindowEdges.Sides sides = edges.take();
        TickWindow next = window.widened(tick, spacing, sides.below(), sides.above());
        if (!state.usable() || next.equals(window)) {
            return PoolRead.done(state);
        }
        List<Integer> words = new ArrayList<>();
        for (int w = next.lowWord(spacing); w < window.lowWord(spacing); w++) {
            words.add(w);
        }
        for (int w = window.highWord(spacing) + 1; w <= next.highWord(spacing); w++) {
            words.add(w);
        }
        return new Bitmap(new TickBook(ticks, next, edges, spacing), List.copyOf(words), reads);
    }

    /** A read's bitmap round: {@code words} of the pool; the book holds the ticks already known and its window. */
    private record Bitmap(TickBook book, List<Integer> words, Reads reads) implements PoolRead {

        @Override
        public List<ContractCall> calls() {
            return words.stream().map(reads.word()::apply).toList();
        }

        @Override
        public PoolRead answer(List<String> answers) {
            List<Integer> found = new ArrayList<>();
            int k = 0;
            for (int w : words) {
                String r = answers.get(k++);
                if (r == null || AbiDecoder.isZero(r, 0)) {
                    continue; // most words of a window are empty
                }
                BigInteger bits = uint(r, 0);
                for (int b = bits.getLowestSetBit(); b >= 0 && b < 256; b = nextBit(bits, b)) {
                    found.add((w * 256 + b) * book.spacing());
                }
            }
            return new Ticks(book, List.copyOf(found), reads);
        }
    }

    /** A read's last round: the liquidity of each initialized tick found, added to the ticks already known. */
    private record Ticks(TickBook book, List<Integer> initialized, Reads reads) implements PoolRead {

        @Override
        public List<ContractCall> calls() {
            return initialized.stream().map(reads.tick()::apply).toList();
        }

        @Override
        public PoolRead answer(List<String> answers) {
            Map<Integer, TickInfo> known = new HashMap<>(book.ticks());
            int k = 0;
            for (int t : initialized) {
                String r = answers.get(k++);
                if (r != null && words(r) >= 2) {
                    BigInteger gross = uint(r, 0);
                    if (gross.signum() > 0) {
                        known.put(t, new TickInfo(gross, int256(r, 1)));
                    }
                }
            }
            return PoolRead.done(reads.done().apply(
                    new TickBook(new TreeMap<>(known), book.window(), book.edges(), book.spacing())));
        }
    }

    private static int nextBit(BigInteger bits, int after) {
        BigInteger rest = bits.shiftRight(after + 1);
        return rest.signum() == 0 ? -1 : after + 1 + rest.getLowestSetBit();
    }
}
