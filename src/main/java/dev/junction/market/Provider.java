package dev.junction.market;

/**
 * A DEX or bridge provider.
 *
 * @param key lower-case key, e.g. {@code uniswap-v3}, {@code across}: what {@code includeProvider} matches
 * @param name display name
 * @param type {@code dex} or {@code bridge}
 * @param iconUrl icon URL
 */
public record Provider(String key, String name, ProviderType type, String iconUrl) {
}
