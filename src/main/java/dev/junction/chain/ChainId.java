package dev.junction.chain;

/**
 * A chain's numeric id (EIP-155 for EVM chains; 1151111081099710 for Solana as LI.FI numbers it).
 *
 * @param value int64, at least 0
 */
public record ChainId(long value) implements Comparable<ChainId> {

    /** The id LI.FI and Junction use for Solana mainnet. */
    public static final ChainId SOLANA = new ChainId(1151111081099710L);

    public ChainId {
        if (value < 0) {
            throw new IllegalArgumentException("a chain id must be an integer >= 0");
        }
    }

    public static ChainId of(long value) {
        return new ChainId(value);
    }

    public boolean isSolana() {
        return value == SOLANA.value;
    }

    @Override
    public int compareTo(ChainId o) {
        return Long.compare(value, o.value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
