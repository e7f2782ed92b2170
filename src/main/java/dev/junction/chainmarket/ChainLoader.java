package dev.junction.chainmarket;

import static dev.junction.chain.abi.AbiDecoder.int256;
import static dev.junction.chain.abi.AbiDecoder.uint;
import static dev.junction.chain.abi.AbiDecoder.words;

import dev.junction.chain.Address;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.market.MarketDataException;
import dev.junction.nodes.BlockHeader;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.nodes.EthRpc;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.Quantities;
import dev.junction.nodes.RpcCall;
import dev.junction.nodes.RpcResult;
import dev.junction.protocol.ContractCall;
import dev.junction.protocol.DexProtocol;
import dev.junction.protocol.PoolLookup;
import dev.junction.protocol.PoolRead;
import dev.junction.protocol.PoolState;
import dev.junction.protocol.Protocols;
import dev.junction.protocol.TokenPair;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads a chain's tokens and pools at one block in a few batched rounds: (1) token metadata, price feeds and every
 * DEX room's lookups of every served token pair ({@link DexProtocol#lookups}: e.g. {@code getPair}, {@code getPool}
 * per fee tier); then the pools' reads, round k of every room's reads together ({@link PoolState#read}: e.g. V2
 * reserves, V3 slot0, liquidity and tick spacing, Curve coins, balances, A, fee and ramp end; then the V3 tick-bitmap
 * words of the window around the current tick; then {@code ticks(t)} of every initialized tick found). Each round is
 * Multicall3 {@code aggregate3} calls (or plain {@code eth_call}s) in one JSON-RPC batch.
 */
final class ChainLoader {

    private static final String DECIMALS = Abi.callHex("decimals()");
    private static final String SYMBOL = Abi.callHex("symbol()");
    private static final String NAME = Abi.callHex("name()");
    private static final String LATEST_ROUND_DATA = Abi.callHex("latestRoundData()");

    private final ChainSettings settings;
    private final JsonRpcClient client;
    private CallBatch calls;

    ChainLoader(ChainSettings settings, JsonRpcClient client) {
        this.settings = settings;
        this.client = client;
    }

    /** The whole chain at its latest block. */
    Loaded load() {
        String at = "junction.chains." + settings.id().value();
        List<RpcResult> first = client.batch(List.of(RpcCall.of("eth_chainId"),
                RpcCall.of("eth_getBlockByNumber", "latest", false),
                RpcCall.of("eth_getCode", settings.multicall3().lower(), "latest")));
        long chainId = Quantities.longValue(first.get(0).orThrow().asString());
        if (chainId != settings.id().value()) {
            throw new MarketDataException(at + ".rpc-url answers chain id " + chainId + ", not "
                    + settings.id().value());
        }
        BlockHeader head = EthRpc.header(first.get(1).orThrow(), "latest block");
        String code = first.get(2).orThrow().asString();
        calls = new CallBatch(client, code.length() > 2 ? settings.multicall3() : null);
        long block = head.number();

        List<ContractCall> round1 = new ArrayList<>();
        List<Address> tokens = settings.tokens();
        for (Address t : tokens) {
            round1.add(new ContractCall(t, DECIMALS));
            round1.add(new ContractCall(t, SYMBOL));
            round1.add(new ContractCall(t, NAME));
        }
        List<PoolLookup> lookups = new ArrayList<>();
        for (Dex dex : settings.dexes().values()) {
            DexProtocol room = Protocols.dex(dex.kind());
            for (int i = 0; i < tokens.size(); i++) {
                for (int j = i + 1; j < tokens.size(); j++) {
                    for (PoolLookup l : room.lookups(dex, TokenPair.of(tokens.get(i), tokens.get(j)))) {
                        lookups.add(l);
                        round1.add(l.call());
                    }
                }
            }
        }
        int feedsAt = round1.size();
        round1.addAll(feedCalls());
        List<String> r1 = calls.run(round1, block);
        Map<Address, ChainState.FeedAnswer> feeds = feedAnswers(r1.subList(feedsAt, r1.size()));
        for (Map.Entry<Address, Address> f : settings.priceFeeds().entrySet()) {
            if (!feeds.containsKey(f.getKey())) {
                throw new MarketDataException(at + ".price-feeds." + f.getKey() + " " + f.getValue()
                        + " answers no latestRoundData() and decimals(): not a Chainlink-style aggregator on chain "
                        + settings.id().value());
            }
        }
        List<TokenInfo> infos = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            String dec = r1.get(3 * i);
            if (dec == null || words(dec) < 1) {
                throw new MarketDataException(at + ".tokens[" + i + "] " + tokens.get(i)
                        + " answers no decimals(): not an ERC-20 on chain " + settings.id().value());
            }
            infos.add(new TokenInfo(tokens.get(i), uint(dec, 0).intValueExact(),
                    text(r1.get(3 * i + 1), "?"), text(r1.get(3 * i + 2), "")));
        }
        List<PoolState> found = new ArrayList<>();
        for (int k = 0; k < lookups.size(); k++) {
            String r = r1.get(3 * tokens.size() + k);
            if (r == null || words(r) < 1) {
                continue;
            }
            Address pool = AbiDecoder.address(r, 0);
            if (!pool.equals(Address.ZERO)) {
                found.add(lookups.get(k).found().apply(pool));
            }
        }
        Set<Address> seen = new HashSet<>(found.stream().map(PoolState::address).toList());
        for (Dex dex : settings.dexes().values()) {
            for (PoolState p : Protocols.dex(dex.kind()).configuredPools(dex)) {
                if (seen.add(p.address())) {
                    found.add(p); // a configured pool the lookups found too is read once
                }
            }
        }
        Map<Address, PoolState> pools = new LinkedHashMap<>();
        for (PoolState p : read(found, block)) {
            pools.put(p.address(), p);
        }
        return new Loaded(infos, new ChainState(block, head.hash(), head.parentHash(), head.timestamp(),
                head.baseFeePerGas(), pools, feeds), calls.usesMulticall());
    }

    /** {@code latestRoundData()} and {@code decimals()} of each configured price feed, in the settings' order. */
    private List<ContractCall> feedCalls() {
        List<ContractCall> out = new ArrayList<>();
        for (Address aggregator : settings.priceFeeds().values()) {
            out.add(new ContractCall(aggregator, LATEST_ROUND_DATA));
            out.add(new ContractCall(aggregator, DECIMALS));
        }
        return out;
    }

    /** The answers of {@link #feedCalls()} by token; a feed whose calls failed is absent. */
    private Map<Address, ChainState.FeedAnswer> feedAnswers(List<String> results) {
        Map<Address, ChainState.FeedAnswer> out = new HashMap<>();
        int k = 0;
        for (Address token : settings.priceFeeds().keySet()) {
            String round = results.get(k++);
            String decimals = results.get(k++);
            if (round != null && decimals != null && words(round) >= 5 && words(decimals) >= 1) {
                BigInteger d = uint(decimals, 0);
                if (d.compareTo(BigInteger.valueOf(77)) <= 0) {
                    BigInteger updatedAt = uint(round, 3).min(BigInteger.valueOf(Long.MAX_VALUE));
                    out.put(token, new ChainState.FeedAnswer(int256(round, 1), d.intValue(),
                            updatedAt.longValueExact()));
                }
            }
        }
        return out;
    }

    /** The requests reading the price feeds at {@code block}, to send inside another JSON-RPC batch; none without. */
    List<RpcCall> feedRequests(long block) {
        return calls.requests(feedCalls(), block);
    }

    /** The price feeds' answers from the answers to {@link #feedRequests} (in order). */
    Map<Address, ChainState.FeedAnswer> feeds(List<RpcResult> answers) {
        return feedAnswers(calls.results(feedCalls().size(), answers));
    }

    /**
     * Re-reads these pools' state at {@code block}, each as its room reads it ({@link PoolState#read}): round k of
     * every pool in one batch. The pools come back in the order their reads finish (in their order within a round);
     * a pool that could not be read is left out.
     */
    List<PoolState> read(List<PoolState> pools, long block) {
        return read(pools, List.of(), block);
    }

    /**
     * Re-reads {@code pools} ({@link PoolState#read}) and reads more of {@code wider} ({@link PoolState#readWider}:
     * e.g. the tick words quotes reached) at {@code block}, all in the same rounds.
     */
    List<PoolState> read(List<PoolState> pools, List<PoolState> wider, long block) {
        if (calls == null) {
            throw new IllegalStateException("load() first");
        }
        List<PoolState> out = new ArrayList<>();
        List<PoolRead> pending = new ArrayList<>(pools.stream().map(p -> p.read(settings)).toList());
        wider.forEach(p -> pending.add(p.readWider(settings)));
        while (!pending.isEmpty()) {
            List<ContractCall> round = new ArrayList<>();
            int[] sizes = new int[pending.size()];
            for (int i = 0; i < sizes.length; i++) {
                List<ContractCall> asked = pending.get(i).calls();
                sizes[i] = asked.size();
                round.addAll(asked);
            }
            List<String> answers = calls.run(round, block);
            List<PoolRead> next = new ArrayList<>();
            int k = 0;
            for (int i = 0; i < sizes.length; i++) {
                PoolRead after = pending.get(i).answer(answers.subList(k, k + sizes[i]));
                k += sizes[i];
                if (!after.finished()) {
                    next.add(after);
                } else if (after.state() != null) {
                    out.add(after.state());
                }
            }
            pending.clear();
            pending.addAll(next);
        }
        return out;
    }

    private static String text(String hex, String fallback) {
        try {
            return hex == null || words(hex) < 1 ? fallback : AbiDecoder.string(hex);
        } catch (RuntimeException e) {
            return fallback;
        }
    }

    /**
     * A loaded chain.
     *
     * @param multicall whether Multicall3 was used (else JSON-RPC batches of eth_call)
     */
    record Loaded(List<TokenInfo> tokens, ChainState state, boolean multicall) {
    }
}
