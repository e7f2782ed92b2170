package dev.junction.market.math;

/**
 * The StableSwap invariant D of recently seen (Ann, xp) states: the planner quotes one pool state for many amounts,
 * and D depends on the state only. A direct-mapped table hashed from the limbs, so a look-up allocates nothing (the
 * memo it replaces built a record and a list per call and hashed BigIntegers). Entries are immutable and published
 * through final fields, so racing threads see either a whole entry or another; a collision only costs a recomputation.
 */
final class InvariantMemo {

    private static final int SIZE = 4096;
    private static final Entry[] TABLE = new Entry[SIZE];

    private InvariantMemo() {
    }

    /** One state and its D: {@code key} holds Ann's and each xp's limb count followed by its limbs. */
    private record Entry(int hash, int[] key, int[] d) {
    }

    /** Copies the memoised D of (ann, the first n of xp) into d; false when it is not known. */
    static boolean lookUp(MutableUnsigned ann, MutableUnsigned[] xp, int n, MutableUnsigned d) {
        int hash = hash(ann, xp, n);
        Entry e = TABLE[hash & (SIZE - 1)];
        if (e == null || e.hash() != hash || !matches(e.key(), ann, xp, n)) {
            return false;
        }
        int[] value = e.d();
        System.arraycopy(value, 0, d.limbs, 0, value.length);
        d.length = value.length;
        return true;
    }

    static void remember(MutableUnsigned ann, MutableUnsigned[] xp, int n, MutableUnsigned d) {
        int size = 1 + ann.length;
        for (int k = 0; k < n; k++) {
            size += 1 + xp[k].length;
        }
        int[] key = new int[size];
        int at = put(key, 0, ann);
        for (int k = 0; k < n; k++) {
            at = put(key, at, xp[k]);
        }
        int[] value = new int[d.length];
        System.arraycopy(d.limbs, 0, value, 0, d.length);
        int hash = hash(ann, xp, n);
        TABLE[hash & (SIZE - 1)] = new Entry(hash, key, value);
    }

    private static int put(int[] key, int at, MutableUnsigned value) {
        key[at] = value.length;
        System.arraycopy(value.limbs, 0, key, at + 1, value.length);
        return at + 1 + value.length;
    }

    private static boolean matches(int[] key, MutableUnsigned ann, MutableUnsigned[] xp, int n) {
        int at = matchesAt(key, 0, ann);
        for (int k = 0; k < n && at >= 0; k++) {
            at = matchesAt(key, at, xp[k]);
        }
        return at == key.length;
    }

    /** The position after value in key, or -1 when key does not hold value there. */
    private static int matchesAt(int[] key, int at, MutableUnsigned value) {
        if (at >= key.length || key[at] != value.length || at + 1 + value.length > key.length) {
            return -1;
        }
        for (int k = 0; k < value.length; k++) {
            if (key[at + 1 + k] != value.limbs[k]) {
                return -1;
            }
        }
        return at + 1 + value.length;
    }

    private static int hash(MutableUnsigned ann, MutableUnsigned[] xp, int n) {
        int h = n;
        h = mix(h, ann);
        for (int k = 0; k < n; k++) {
            h = mix(h, xp[k]);
        }
        return h ^ (h >>> 16);
    }

    private static int mix(int h, MutableUnsigned value) {
        h = 31 * h + value.length;
        for (int k = 0; k < value.length; k++) {
            h = 31 * h + value.limbs[k];
        }
        return h;
    }
}
