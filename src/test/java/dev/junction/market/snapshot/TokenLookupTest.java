package dev.junction.market.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Token;
import dev.junction.market.TokenKey;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tokens are found by (chain, address) without lower-casing: on the embedded market every token answers exactly as a
 * lookup by its lower-case key would, whatever the case the address was given in.
 */
class TokenLookupTest {

    @Test
    void lookupByAddressIsLookupByLowerCaseKey() {
        MarketSnapshot market = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();
        Map<TokenKey, Token> byKey = new HashMap<>();
        for (Token t : market.tokens()) {
            byKey.put(t.key(), t);
        }
        assertThat(market.tokens()).hasSizeGreaterThan(100);
        for (Token t : market.tokens()) {
            assertThat(market.token(t.chain(), t.address())).contains(byKey.get(t.key()));
            if (!t.address().solana()) {
                for (String text : new String[] {t.address().value().toLowerCase(Locale.ROOT),
                        "0x" + t.address().value().substring(2).toUpperCase(Locale.ROOT)}) {
                    assertThat(market.token(t.chain(), Address.evm(text))).contains(byKey.get(t.key()));
                }
            }
        }
        assertThat(market.token(market.tokens().getFirst().chain(),
                Address.evm("0x000000000000000000000000000000000000dEaD"))).isEmpty();
    }
}
