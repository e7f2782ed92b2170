package dev.junction.chainmarket;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The request counts of chain mode's benchmark (issue 14 "Speed and cost") on a small synthetic anvil market of real
 * Uniswap V2/V3 bytecode: counts are deterministic, so they are asserted; times never are (bench/chain-bench.sh
 * measures them on the 2,000-pool market).
 */
class ChainModeRequestCountTest {

    @Test
    void aColdLoadTakesSixHttpRequestsAndEachBlockTwoWhateverThePoolCount() throws Exception {
        ChainBench.Result r = ChainBench.run(new ChainBench.Sizes(30, 30, 0, 0), 5, 20, true);
        assertThat(r.pools()).isEqualTo(60);
        // chain id + head + Multicall3 code; 4 rounds (metadata and getPair/getPool; reserves and slot0; bitmap words;
        // ticks), each one JSON-RPC batch of aggregate3 calls; the gas price.
        assertThat(r.loadRequests()).isEqualTo(6);
        // head + gas price; eth_getLogs (with the range's headers): 20 swaps a block in random pools. No quote reaches
        // a V3 pool's tick window here, so no block widens one (a widening adds its two read rounds to its block:
        // TickWindowAnvilTest).
        assertThat(r.requestsPerBlock()).containsOnly(2L);
    }

    @Test
    void uniswapV4AndBalancerPoolsJoinTheSameSixRequestColdLoadAndTwoRequestBlocks() throws Exception {
        ChainBench.Result r = ChainBench.run(new ChainBench.Sizes(30, 30, 20, 9), 5, 20, true);
        // every V4 pool (4 native ETH) found by the customary keys, every listed Balancer pool read
        assertThat(r.pools()).isEqualTo(89);
        // their reads (V4's customary-key getSlot0 probes and StateView rounds, Balancer's getters and
        // getPoolTokens) ride in the same rounds' batches
        assertThat(r.loadRequests()).isEqualTo(6);
        // V4 Swap logs carry the pool's new state, Balancer's Vault Swap logs its balances: reduced, not re-read
        assertThat(r.requestsPerBlock()).containsOnly(2L);
    }
}
