package dev.junction.market.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.market.ComposableStablePool;
import dev.junction.market.MarketDataException;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.WeightedPool;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each validation rule rejects a small broken snapshot (src/test/resources/market-fixtures, written by
 * tools/market/make_test_fixtures.py) with a message naming the file, the entry and the field.
 */
class SnapshotValidationTest {

    private static MarketSnapshot load(String fixture) {
        return new SnapshotMarketSource("classpath:market-fixtures/" + fixture + "/snapshot.json").load();
    }

    @Test
    void theValidFixtureLoads() {
        MarketSnapshot s = load("valid");
        assertThat(s.chains()).hasSize(2);
        assertThat(s.tokens()).hasSize(8);
        assertThat(s.pools()).hasSize(3);
        assertThat(s.lanes()).hasSize(2);
        assertThat(s.version()).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            missing-field            | tokens.json    | tokens[2] (USDC on chain 1)  | field decimals: is required
            bad-checksum             | tokens.json    | tokens[2] (USDC on chain 1)  | field address: address 0xA0b86991C6218b36c1d19D4a2e9Eb0cE3606eB48 fails its EIP-55 checksum (these bytes check-sum as 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48
            lowercase-address        | tokens.json    | tokens[2] (USDC on chain 1)  | field address: address 0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48 is not in EIP-55 checksum form (expected 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48)
            bad-address              | tokens.json    | tokens[2] (USDC on chain 1)  | field address: must match
            bad-decimals             | tokens.json    | tokens[2] (USDC on chain 1)  | field decimals: must be <= 36, was 77
            unknown-chain            | tokens.json    | tokens[2] (USDC on chain 999) | field chain: unknown chain 999
            duplicate-token          | tokens.json    | tokens[8] (USDC on chain 1)  | field address: duplicate token 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 on chain 1
            reference-price-moved    | pools.json     | pools[0] (eth:uniswap-v2:USDC-WETH) | field reserve1: the pool prices 1 USDC at
            unknown-field            | chains.json    | chains[0] (eth)              | field color: is not a known field
            duplicate-chain          | chains.json    | chains[1] (arb)              | field id: duplicate chain id 1
            executor-missing         | chains.json    | chains[1] (arb)              | field gaslessExecutor: is required on an EVM chain
            unknown-token-in-pool    | pools.json     | pools[0] (eth:uniswap-v2:USDC-WETH) | field token1: unknown token 0xf97f4df75117a78c1A5a0DBb814Af92458539FB4 on chain 1
            duplicate-pool-id        | pools.json     | pools[1] (eth:uniswap-v2:USDC-WETH) | field id: duplicate pool id eth:uniswap-v2:USDC-WETH
            price-off-v2             | pools.json     | pools[0] (eth:uniswap-v2:USDC-WETH) | field reserve1: the pool prices 1 USDC at
            bad-fee-tier             | pools.json     | pools[1] (eth:uniswap-v3:USDC-WETH-500) | field feePips: must be one of [100,500,3000,10000], was integer 2500
            bad-spacing              | pools.json     | pools[1] (eth:uniswap-v3:USDC-WETH-500) | field tickSpacing: must be 10 for feePips 500, was 60
            tick-mismatch            | pools.json     | pools[1] (eth:uniswap-v3:USDC-WETH-500) | field tick: must be
            liquidity-mismatch       | pools.json     | pools[1] (eth:uniswap-v3:USDC-WETH-500) | field liquidity: must equal the sum of liquidityNet
            tick-off-spacing         | pools.json     | pools[1] (eth:uniswap-v3:USDC-WETH-500) | field ticks[0].tick: must be a multiple of tickSpacing 10
            ticks-do-not-net-to-zero | pools.json     | pools[1] (eth:uniswap-v3:USDC-WETH-500) | field ticks: liquidityNet must sum to 0
            v4-hooked                | pools.json     | pools[3] (eth:uniswap-v4:ETH-USDC-500) | field hooks: the sandbox routes V4 pools without hooks only (address(0)), was 0x0000000000000000000000000000000000000040
            token-order              | pools.json     | pools[0] (eth:uniswap-v2:USDC-WETH) | field token0: token0 must sort below token1
            stable-decimals          | pools.json     | pools[2] (eth:curve:3pool)   | field decimals[1]: must be 6 (decimals of USDC), was 18
            unknown-provider         | pools.json     | pools[0] (eth:uniswap-v2:USDC-WETH) | field provider: unknown provider nosuchdex
            bad-kind                 | pools.json     | pools[0] (eth:uniswap-v2:USDC-WETH) | field kind: must be one of
            unknown-token-in-lane    | lanes.json     | lanes[0] (across:eth-arb:USDC-USDC) | field outputToken: unknown token 0xf97f4df75117a78c1A5a0DBb814Af92458539FB4 on chain 42161
            lane-provider-not-bridge | lanes.json     | lanes[0] (across:eth-arb:USDC-USDC) | field provider: provider uniswap-v2 is a dex, not a bridge
            lane-same-chain          | lanes.json     | lanes[0] (across:eth-arb:USDC-USDC) | field toChain: must differ from fromChain 1
            lane-p90-below-p50       | lanes.json     | lanes[0] (across:eth-arb:USDC-USDC) | field p90Seconds: must be >= p50Seconds
            lane-negative-fee        | lanes.json     | lanes[0] (across:eth-arb:USDC-USDC) | field feeBps: must be >= 0, was -1
            balancer-weights         | pools.json     | pools[0] (eth:balancer-v2:usdc-weth) | field (entry): a weighted pool's normalized weights sum to 1e18
            balancer-token-order     | pools.json     | pools[0] (eth:balancer-v2:3pool) | field tokens[1]: tokens must differ and sort by address, as the Vault registers them
            balancer-price-off       | pools.json     | pools[0] (eth:balancer-v2:usdc-weth) | field balances: the pool prices 1 USDC at
            """)
    void rejectsABrokenFileNamingFileEntryAndField(String fixture, String file, String entry, String rule) {
        String where = file.equals("pools.json") && fixture.equals("reference-price-moved")
                ? "market-fixtures/valid/pools.json" : "market-fixtures/" + fixture + "/" + file;
        assertThatThrownBy(() -> load(fixture)).isInstanceOf(MarketDataException.class)
                .hasMessageContaining(where + ": " + entry + ", " + rule);
    }

    @Test
    void balancerPoolsLoadWithTheirVaultPoolIdsAndQuote() {
        MarketSnapshot s = load("balancer-valid");
        List<Pool> balancer = s.pools().stream().filter(p -> p.provider().equals("balancer-v2")).toList();
        assertThat(balancer).hasSize(2);
        WeightedPool weighted = (WeightedPool) balancer.get(0);
        assertThat(weighted.poolId().value()).isEqualTo("0x96646936b91d6b9d7d0c47c496afbf3d6ec7b6f8000200000000000000000019");
        assertThat(weighted.scalingFactors()).containsExactly(BigInteger.TEN.pow(30), BigInteger.TEN.pow(18));
        ComposableStablePool stable = (ComposableStablePool) balancer.get(1);
        assertThat(stable.amplification()).isEqualTo(BigInteger.valueOf(1_000_000));
        // 1,000 USDC for WETH through the 50/50 pool at 3,400: a little under 1000/3400 WETH after the 0.3% fee
        BigInteger out = weighted.quote(weighted.tokens().get(0), weighted.tokens().get(1), BigInteger.valueOf(1_000_000_000))
                .amountOut();
        assertThat(out).isBetween(new BigInteger("290000000000000000"), new BigInteger("294117647058823529"));
    }

    @Test
    void aChainWithoutItsNativeTokenIsRejected() {
        assertThatThrownBy(() -> load("no-native-token")).isInstanceOf(MarketDataException.class)
                .hasMessageContaining("market-fixtures/valid/chains.json: chains[0] (eth), field nativeSymbol: no native "
                        + "token (address 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE) on chain 1");
    }

    @Test
    void aFileThatIsNotJsonIsRejected() {
        assertThatThrownBy(() -> load("not-json")).isInstanceOf(MarketDataException.class)
                .hasMessageStartingWith("market-fixtures/not-json/pools.json: not valid JSON");
    }

    @Test
    void aMissingFileIsRejected() {
        assertThatThrownBy(() -> load("missing-file")).isInstanceOf(MarketDataException.class)
                .hasMessage("market-fixtures/missing-file/nowhere.json: file not found");
    }

    @Test
    void aManifestOfAnotherFormatIsRejected() {
        assertThatThrownBy(() -> load("bad-manifest")).isInstanceOf(MarketDataException.class)
                .hasMessageContaining("market-fixtures/bad-manifest/snapshot.json: the document, field formatVersion: "
                        + "must be 1, was integer 2");
    }

    @Test
    void everyProblemIsListedNotOnlyTheFirst() {
        assertThatThrownBy(() -> load("reference-price-moved")).isInstanceOf(MarketDataException.class)
                .hasMessageContaining("2 problems in all")
                .hasMessageContaining("pools[0] (eth:uniswap-v2:USDC-WETH), field reserve1")
                .hasMessageContaining("pools[1] (eth:uniswap-v3:USDC-WETH-500), field sqrtPriceX96");
    }
}
