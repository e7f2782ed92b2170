package dev.junction.api;

import dev.junction.chain.Address;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Provider;
import dev.junction.market.Token;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The payloads of the discovery endpoints: what the market holds, as the wire shows it. */
final class DiscoveryViews {

    private DiscoveryViews() {
    }

    /**
     * The interface's Token object.
     *
     * @param address EIP-55 (EVM) or base58 (Solana); the native token is 0xEeee...EEeE on every chain
     * @param chain chain id
     * @param priceUsd reference price of one whole token, USD
     */
    public record TokenView(String address, long chain, int decimals, String icon, String name, double priceUsd,
            String symbol) {

        static TokenView of(Token t) {
            return new TokenView(t.address().value(), t.chain().value(), t.decimals(), t.iconUrl(), t.name(),
                    t.priceUsd(), t.symbol());
        }
    }

    /**
     * A chain Junction serves.
     *
     * @param blockTimeMs average block time, milliseconds
     * @param confirmations blocks Junction waits for finality
     * @param gasPriceWei base + priority fee per gas, wei (on Solana: lamports per signature plus priority)
     * @param l1DataFeeWei L1 data fee per transaction on rollups, wei; "0" elsewhere
     * @param router Junction's router contract; null where Junction only quotes (Solana)
     * @param gaslessExecutor Junction's gasless executor (the Permit2 spender); null where none
     * @param evm false for Solana: quoting only
     */
    public record ChainView(long id, String key, String name, String logo, boolean evm, TokenView nativeToken,
            TokenView wrappedNativeToken, int blockTimeMs, int confirmations, String gasPriceWei, String l1DataFeeWei,
            String router, String gaslessExecutor) {

        static ChainView of(Chain c, MarketSnapshot market) {
            TokenView nativeToken = market.token(c.id(), Address.NATIVE).map(TokenView::of).orElse(null);
            TokenView wrapped = market.token(c.id(), c.wrappedNative()).map(TokenView::of).orElse(null);
            return new ChainView(c.id().value(), c.key(), c.name(), c.logoUrl(), c.evm(), nativeToken, wrapped,
                    c.blockTimeMs(), c.confirmations(), c.gasPriceWei().toString(), c.l1DataFeeWei().toString(),
                    text(c.router()), text(c.gaslessExecutor()));
        }
    }

    /**
     * The interface's Provider object, with the display name beside it.
     *
     * @param name the provider key, which {@code includeProvider} and {@code excludeProvider} match
     * @param displayName human-readable name
     * @param type {@code dex} or {@code bridge}
     */
    @Schema(name = "DiscoveryProvider")
    public record ProviderView(String name, String displayName, String type, String icon) {

        static ProviderView of(Provider p) {
            return new ProviderView(p.key(), p.name(), p.type().wire(), p.iconUrl());
        }
    }

    /**
     * A bridge fee: {@code fixed} (fromToken units) + {@code bps} of the amount + {@code destinationGasUsd} (converted
     * to fromToken at its reference price).
     */
    public record FeeView(String fixed, int bps, double destinationGasUsd) {
    }

    /** Bridge latency in seconds. */
    public record LatencyView(int p50Seconds, int p90Seconds) {
    }

    /**
     * One direction of one bridge for one token.
     *
     * @param minAmount smallest input accepted, fromToken units
     * @param capacity largest input carried, fromToken units
     * @param gasLimit source-chain gas units of the deposit
     */
    public record ConnectionView(ProviderView provider, long fromChain, long toChain, TokenView fromToken,
            TokenView toToken, FeeView fee, LatencyView estimatedTime, String minAmount, String capacity,
            String gasLimit) {

        static ConnectionView of(BridgeLane l, MarketSnapshot market) {
            ProviderView provider = market.provider(l.provider()).map(ProviderView::of)
                    .orElse(new ProviderView(l.provider(), l.provider(), "bridge", null));
            TokenView from = market.token(l.fromChain(), l.inputToken()).map(TokenView::of).orElseThrow();
            TokenView to = market.token(l.toChain(), l.outputToken()).map(TokenView::of).orElseThrow();
            return new ConnectionView(provider, l.fromChain().value(), l.toChain().value(), from, to,
                    new FeeView(l.fixedFee().toString(), l.feeBps(), l.destinationGasUsd()),
                    new LatencyView(l.p50Seconds(), l.p90Seconds()), l.minAmount().toString(), l.capacity().toString(),
                    Long.toString(l.gasUnits()));
        }
    }

    /** {@code data} of {@code /chains}. */
    public record Chains(List<ChainView> chains) {
    }

    /** {@code data} of {@code /tokens}. */
    public record Tokens(List<TokenView> tokens) {
    }

    /** {@code data} of {@code /providers}. */
    public record Providers(List<ProviderView> providers) {
    }

    /** {@code data} of {@code /connections}. */
    public record Connections(List<ConnectionView> connections) {
    }

    private static String text(Address a) {
        return a == null ? null : a.value();
    }
}
