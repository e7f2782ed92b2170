package dev.junction.market.live;

import dev.junction.market.Token;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which tokens are one asset for the price walk: the same symbol on every chain, wrapped and native forms together
 * (WETH and ETH, WBTC, cbBTC and BTCB, ...), bridged stablecoin variants with their origin. Pegged stablecoins do not
 * walk.
 */
final class Assets {

    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("WETH", "ETH"), Map.entry("WBTC", "BTC"), Map.entry("CBBTC", "BTC"), Map.entry("BTCB", "BTC"),
            Map.entry("BTC.B", "BTC"), Map.entry("WBNB", "BNB"), Map.entry("WAVAX", "AVAX"), Map.entry("WPOL", "POL"),
            Map.entry("WMATIC", "POL"), Map.entry("MATIC", "POL"), Map.entry("WSOL", "SOL"), Map.entry("USDC.E", "USDC"),
            Map.entry("USDBC", "USDC"), Map.entry("USDT0", "USDT"), Map.entry("USDT.E", "USDT"), Map.entry("DAI.E", "DAI"));

    private static final Set<String> PEGGED = Set.of("USDC", "USDT", "DAI", "FRAX", "LUSD", "USDE", "USDS", "PYUSD",
            "TUSD", "BUSD", "GHO", "CRVUSD", "FDUSD", "USDP", "SUSD", "MIM");

    private Assets() {
    }

    /** The asset a token belongs to: its symbol in upper case after aliases. */
    static String of(Token token) {
        String symbol = token.symbol().toUpperCase(Locale.ROOT);
        return ALIASES.getOrDefault(symbol, symbol);
    }

    /**
     * Whether the asset holds a USD peg and so keeps its reference price: a known stablecoin, or a symbol starting
     * with {@code USD} priced within 5% of one dollar (synthetic stablecoins).
     */
    static boolean pegged(String asset, double priceUsd) {
        return PEGGED.contains(asset) || (asset.startsWith("USD") && Math.abs(priceUsd - 1.0) <= 0.05);
    }
}
