package dev.junction.chainmarket;

import dev.junction.chain.Address;
import dev.junction.protocol.PoolState;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Pool states by pool address: an immutable map that shares its structure with the map it was derived from, so that
 * a block changing k of n pools costs O(k + n / 32) instead of copying n entries (a chain's recent states are kept for
 * reorgs, each one block apart).
 *
 * <p>Each address ever put gets a slot, for good, in an index shared by every map derived from the same first one;
 * the states are held in leaves of {@value #WIDTH} slots under one root array. {@link #with} copies the root and only
 * the leaves it changes; every other leaf is shared. Iteration is in slot order (the order the pools were first
 * seen). Keys are each state's own {@link PoolState#address()}. Entries are never removed (chain mode never forgets a
 * pool; a reorg goes back to an older map).
 */
final class PoolMap extends AbstractMap<Address, PoolState> {

    private static final int SHIFT = 5;
    private static final int WIDTH = 1 << SHIFT;
    private static final int MASK = WIDTH - 1;

    /** Address to slot, shared by the maps of one lineage; only grows. */
    private static final class Slots {
        final Map<Address, Integer> index = new ConcurrentHashMap<>();

        synchronized int slotOf(Address a) {
            Integer s = index.get(a);
            if (s == null) {
                s = index.size();
                index.put(a, s);
            }
            return s;
        }
    }

    private final Slots slots;
    private final PoolState[][] leaves;
    private final int size;

    private PoolMap(Slots slots, PoolState[][] leaves, int size) {
        this.slots = slots;
        this.leaves = leaves;
        this.size = size;
    }

    /** {@code pools} itself when it is a PoolMap, else a new one holding the same entries. */
    static PoolMap copyOf(Map<Address, PoolState> pools) {
        if (pools instanceof PoolMap m) {
            return m;
        }
        return new PoolMap(new Slots(), new PoolState[0][], 0).with(pools);
    }

    /**
     * This map with these entries put (added or replaced), sharing every leaf they do not touch.
     *
     * @throws IllegalArgumentException when a key is not its state's address
     */
    PoolMap with(Map<Address, PoolState> changes) {
        if (changes.isEmpty()) {
            return this;
        }
        PoolState[][] root = leaves;
        boolean[] copied = null;
        int n = size;
        for (Map.Entry<Address, PoolState> e : changes.entrySet()) {
            PoolState state = e.getValue();
            if (!e.getKey().equals(state.address())) {
                throw new IllegalArgumentException("pool " + state.address() + " keyed by " + e.getKey());
            }
            int slot = slots.slotOf(state.address());
            int leaf = slot >>> SHIFT;
            if (root == leaves || leaf >= root.length) {
                PoolState[][] grown = new PoolState[Math.max(root.length, leaf + 1)][];
                System.arraycopy(root, 0, grown, 0, root.length);
                boolean[] wasCopied = new boolean[grown.length];
                if (copied != null) {
                    System.arraycopy(copied, 0, wasCopied, 0, copied.length);
                }
                root = grown;
                copied = wasCopied;
            }
            if (!copied[leaf]) {
                root[leaf] = root[leaf] == null ? new PoolState[WIDTH] : root[leaf].clone();
                copied[leaf] = true;
            }
            if (root[leaf][slot & MASK] == null) {
                n++;
            }
            root[leaf][slot & MASK] = state;
        }
        return new PoolMap(slots, root, n);
    }

    /**
     * The differences from {@code older}, an earlier (or later) map of the same lineage, in O(differences + n / 32):
     * {@code changed} gets each state of this map that is not the very same object in {@code older} (added or
     * replaced), {@code removed} each state of {@code older} whose address this map does not hold.
     *
     * @throws IllegalArgumentException when {@code older} is of another lineage
     */
    void diff(PoolMap older, Consumer<PoolState> changed, Consumer<PoolState> removed) {
        if (!sameLineage(older)) {
            throw new IllegalArgumentException("maps of different lineages");
        }
        for (int leaf = 0; leaf < Math.max(leaves.length, older.leaves.length); leaf++) {
            PoolState[] mine = leaf < leaves.length ? leaves[leaf] : null;
            PoolState[] theirs = leaf < older.leaves.length ? older.leaves[leaf] : null;
            if (mine == theirs) {
                continue;
            }
            for (int i = 0; i < WIDTH; i++) {
                PoolState now = mine == null ? null : mine[i];
                PoolState then = theirs == null ? null : theirs[i];
                if (now != then) {
                    if (now != null) {
                        changed.accept(now);
                    } else {
                        removed.accept(then);
                    }
                }
            }
        }
    }

    /** Whether both maps come from the same first map (and so can be compared leaf by leaf). */
    boolean sameLineage(PoolMap other) {
        return other != null && other.slots == slots;
    }

    @Override
    public PoolState get(Object key) {
        Integer slot = key instanceof Address ? slots.index.get(key) : null;
        if (slot == null || (slot >>> SHIFT) >= leaves.length) {
            return null;
        }
        PoolState[] leaf = leaves[slot >>> SHIFT];
        return leaf == null ? null : leaf[slot & MASK];
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Set<Entry<Address, PoolState>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<Address, PoolState>> iterator() {
                return new Iterator<>() {
                    private int slot = advance(0);

                    private int advance(int from) {
                        int s = from;
                        while ((s >>> SHIFT) < leaves.length) {
                            PoolState[] leaf = leaves[s >>> SHIFT];
                            if (leaf == null) {
                                s = ((s >>> SHIFT) + 1) << SHIFT;
                            } else if (leaf[s & MASK] == null) {
                                s++;
                            } else {
                                return s;
                            }
                        }
                        return s;
                    }

                    @Override
                    public boolean hasNext() {
                        return (slot >>> SHIFT) < leaves.length;
                    }

                    @Override
                    public Entry<Address, PoolState> next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        PoolState state = leaves[slot >>> SHIFT][slot & MASK];
                        slot = advance(slot + 1);
                        return Map.entry(state.address(), state);
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}
