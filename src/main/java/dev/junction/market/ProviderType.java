package dev.junction.market;

/** The kind of a provider. {@link #wire()} is its form in responses. */
public enum ProviderType {
    DEX("dex"), BRIDGE("bridge");

    private final String wire;

    ProviderType(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
