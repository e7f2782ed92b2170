package dev.junction.chainmarket;

import static dev.junction.chain.abi.AbiDecoder.int256;
import static dev.junction.chain.abi.AbiDecoder.uint;
import static dev.junction.chain.abi.AbiDecoder.words;

import dev.junction.chain.Address;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.market.MarketDataException;
import dev.junction.market.math.TickMath;
import dev.junction.nodes.BlockHeader;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.nodes.ChainSettings.DexKind;
import dev.junction.nodes.EthRpc;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.Quantities;
import dev.junction.nodes.RpcCall;
import dev.junction.nodes.RpcResult;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a chain's tokens and pools at one block in a few batched rounds: (1) token metadata, {@code getPair} /
 * {@code getPool} of every served token pair on every factory and fee tier; (2) V2 reserves, V3 slot0, liquidity and
 * tick spacing, Curve coins, balances, A, fee and ramp end; (3) the V3 tick-bitmap words of the window around the current tick; (4) {@code ticks(t)} of every
 * initialized tick found. Each round is Multicall3 {@code aggregate3} calls (or plain {@code eth_call}s) in one
 * JSON-RPC batch.
 */
final class ChainLoader {

    private static final String DECIMALS = Abi.callHex("decimals()");
    private static final String SYMBOL = Abi.callHex("symbol()");
    private static final String NAME = Abi.callHex("name()");
    private static final String GET_RESERVES = Abi.callHex("getReserves()");
    private static final String SLOT0 = Abi.callHex("slot0()");
    private static final String LIQUIDITY = Abi.callHex("liquidity()");
    private static final String TICK_SPACING = Abi.callHex("tickSpacing()");
    private static final String CURVE_A = Abi.callHex("A()");
    private static final String CURVE_FEE = Abi.callHex("fee()");
    private static final String FUTURE_A_TIME = Abi.callHex("future_A_time()");
    private static final String LATEST_ROUND_DATA = Abi.callHex("latestRoundData()");
    private static final String GET_PAIR = "getPair(address,address)";
    private static final String GET_POOL = "getPool(address,address,uint24)";
    private static final String TICK_BITMAP = "tickBitmap(int16)";
    private static final String TICKS = "ticks(int24)";
    private static final String COINS = "coins(uint256)";
    private static final String BALANCES = "balances(uint256)";
    /** Curve plain pools have 2 or 3 coins: coins(2) reverts on a 2-coin pool. */
    private static final int CURVE_MAX_COINS = 3;

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

        List<CallBatch.Call> round1 = new ArrayList<>();
        List<Address> tokens = settings.tokens();
        for (Address t : tokens) {
            round1.add(new CallBatch.Call(t, DECIMALS));
            round1.add(new CallBatch.Call(t, SYMBOL));
            round1.add(new CallBatch.Call(t, NAME));
        }
        record Candidate(Dex dex, Address token0, Address token1, int fee) {
        }
        List<Candidate> candidates = new ArrayList<>();
        for (Dex dex : settings.dexes().values()) {
            for (int i = 0; i < tokens.size(); i++) {
                for (int j = i + 1; j < tokens.size(); j++) {
                    Address a = tokens.get(i);
                    Address b = tokens.get(j);
                    Address t0 = a.lower().compareTo(b.lower()) < 0 ? a : b;
                    Address t1 = t0 == a ? b : a;
                    if (dex.kind() == DexKind.UNISWAP_V2) {
                        candidates.add(new Candidate(dex, t0, t1, 0));
                        round1.add(new CallBatch.Call(dex.factory(),
                                Abi.callHex(GET_PAIR, Abi.address(t0), Abi.address(t1))));
                    } else if (dex.kind() == DexKind.UNISWAP_V3) {
                        for (int fee : dex.feeTiers()) {
                            candidates.add(new Candidate(dex, t0, t1, fee));
                            round1.add(new CallBatch.Call(dex.factory(),
                                    Abi.callHex(GET_POOL, Abi.address(t0), Abi.address(t1), Abi.uint256(fee))));
                        }
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
        for (int k = 0; k < candidates.size(); k++) {
            String r = r1.get(3 * tokens.size() + k);
            if (r == null || words(r) < 1) {
                continue;
            }
            Address pool = AbiDecoder.address(r, 0);
            if (pool.equals(Address.ZERO)) {
                continue;
            }
            Candidate c = candidates.get(k);
            found.add(c.dex().kind() == DexKind.UNISWAP_V2
                    ? new PoolState.V2(c.dex().key(), pool, c.token0(), c.token1(), BigInteger.ZERO, BigInteger.ZERO)
                    : new PoolState.V3(c.dex().key(), pool, c.token0(), c.token1(), c.fee(), 1, BigInteger.ZERO, 0,
                            BigInteger.ZERO, new TreeMap<>(), 0, 0));
        }
        for (Dex dex : settings.dexes().values()) {
            if (dex.kind() == DexKind.CURVE) {
                for (Address pool : dex.pools()) {
                    found.add(PoolState.Curve.unread(dex.key(), pool));
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
    private List<CallBatch.Call> feedCalls() {
        List<CallBatch.Call> out = new ArrayList<>();
        for (Address aggregator : settings.priceFeeds().values()) {
            out.add(new CallBatch.Call(aggregator, LATEST_ROUND_DATA));
            out.add(new CallBatch.Call(aggregator, DECIMALS));
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
     * Re-reads these pools' state at {@code block} (V3: slot0, liquidity, spacing and the tick window; Curve: coins,
     * balances, A, fee and the end of an A ramp).
     */
    List<PoolState> read(List<PoolState> pools, long block) {
        if (calls == null) {
            throw new IllegalStateException("load() first");
        }
        List<CallBatch.Call> round2 = new ArrayList<>();
        for (PoolState p : pools) {
            if (p instanceof PoolState.V2) {
                round2.add(new CallBatch.Call(p.address(), GET_RESERVES));
            } else if (p instanceof PoolState.Curve) {
                for (int i = 0; i < CURVE_MAX_COINS; i++) {
                    round2.add(new CallBatch.Call(p.address(), Abi.callHex(COINS, Abi.uint256(i))));
                    round2.add(new CallBatch.Call(p.address(), Abi.callHex(BALANCES, Abi.uint256(i))));
                }
                round2.add(new CallBatch.Call(p.address(), CURVE_A));
                round2.add(new CallBatch.Call(p.address(), CURVE_FEE));
                round2.add(new CallBatch.Call(p.address(), FUTURE_A_TIME));
            } else {
                round2.add(new CallBatch.Call(p.address(), SLOT0));
                round2.add(new CallBatch.Call(p.address(), LIQUIDITY));
                round2.add(new CallBatch.Call(p.address(), TICK_SPACING));
            }
        }
        List<String> r2 = calls.run(round2, block);
        List<PoolState> out = new ArrayList<>();
        List<PoolState.V3> v3 = new ArrayList<>();
        int k = 0;
        for (PoolState p : pools) {
            if (p instanceof PoolState.V2 v2) {
                String r = r2.get(k++);
                out.add(r == null || words(r) < 2 ? v2 : v2.synced(uint(r, 0), uint(r, 1)));
            } else if (p instanceof PoolState.Curve c) {
                List<Address> coins = new ArrayList<>();
                List<BigInteger> balances = new ArrayList<>();
                for (int i = 0; i < CURVE_MAX_COINS; i++) {
                    String coin = r2.get(k++);
                    String balance = r2.get(k++);
                    if (coin != null && balance != null && words(coin) >= 1 && words(balance) >= 1
                            && coins.size() == i) {
                        coins.add(AbiDecoder.address(coin, 0));
                        balances.add(uint(balance, 0));
                    }
                }
                String a = r2.get(k++);
                String fee = r2.get(k++);
                String rampEnd = r2.get(k++);
                if (coins.size() < 2 || a == null || fee == null || words(a) < 1 || words(fee) < 1) {
                    out.add(PoolState.Curve.unread(c.provider(), c.address()));
                    continue;
                }
                out.add(new PoolState.Curve(c.provider(), c.address(), coins, balances,
                        uint(a, 0).longValueExact(), uint(fee, 0).longValueExact(),
                        rampEnd == null || words(rampEnd) < 1 ? 0 : uint(rampEnd, 0).longValueExact()));
            } else if (p instanceof PoolState.V3 v) {
                String slot = r2.get(k++);
                String liq = r2.get(k++);
                String spacing = r2.get(k++);
                if (slot == null || liq == null || spacing == null || words(slot) < 2) {
                    continue;
                }
                int tick = int256(slot, 1).intValueExact();
                int sp = int256(spacing, 0).intValueExact();
                int[] window = window(tick, sp);
                v3.add(new PoolState.V3(v.provider(), v.address(), v.token0(), v.token1(), v.fee(), sp,
                        uint(slot, 0), tick, uint(liq, 0), new TreeMap<>(), window[0], window[1]));
            }
        }
        out.addAll(readTicks(v3, block));
        return out;
    }

    /** Rounds 3 and 4: bitmap words in each pool's window, then each initialized tick. */
    private List<PoolState> readTicks(List<PoolState.V3> pools, long block) {
        List<CallBatch.Call> round3 = new ArrayList<>();
        List<int[]> wordRanges = new ArrayList<>();
        for (PoolState.V3 p : pools) {
            if (!p.usable()) {
                wordRanges.add(new int[] {0, -1});
                continue;
            }
            int lo = word(Math.max(p.windowLow(), TickMath.MIN_TICK), p.tickSpacing());
            int hi = word(Math.min(p.windowHigh(), TickMath.MAX_TICK), p.tickSpacing());
            wordRanges.add(new int[] {lo, hi});
            for (int w = lo; w <= hi; w++) {
                round3.add(new CallBatch.Call(p.address(), Abi.callHex(TICK_BITMAP, Abi.int256(w))));
            }
        }
        List<String> r3 = calls.run(round3, block);
        List<CallBatch.Call> round4 = new ArrayList<>();
        List<List<Integer>> ticksPerPool = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < pools.size(); i++) {
            PoolState.V3 p = pools.get(i);
            List<Integer> ticks = new ArrayList<>();
            for (int w = wordRanges.get(i)[0]; w <= wordRanges.get(i)[1]; w++) {
                String r = r3.get(k++);
                if (r == null || AbiDecoder.isZero(r, 0)) {
                    continue; // most words of a window are empty
                }
                BigInteger bits = uint(r, 0);
                for (int b = bits.getLowestSetBit(); b >= 0 && b < 256; b = nextBit(bits, b)) {
                    int t = (w * 256 + b) * p.tickSpacing();
                    ticks.add(t);
                    round4.add(new CallBatch.Call(p.address(), Abi.callHex(TICKS, Abi.int256(t))));
                }
            }
            ticksPerPool.add(ticks);
        }
        List<String> r4 = calls.run(round4, block);
        List<PoolState> out = new ArrayList<>();
        k = 0;
        for (int i = 0; i < pools.size(); i++) {
            PoolState.V3 p = pools.get(i);
            Map<Integer, PoolState.TickInfo> ticks = new HashMap<>();
            for (int t : ticksPerPool.get(i)) {
                String r = r4.get(k++);
                if (r != null && words(r) >= 2) {
                    BigInteger gross = uint(r, 0);
                    if (gross.signum() > 0) {
                        ticks.put(t, new PoolState.TickInfo(gross, int256(r, 1)));
                    }
                }
            }
            out.add(new PoolState.V3(p.provider(), p.address(), p.token0(), p.token1(), p.fee(), p.tickSpacing(),
                    p.sqrtPriceX96(), p.tick(), p.liquidity(), new TreeMap<>(ticks), p.windowLow(), p.windowHigh()));
        }
        return out;
    }

    private static int nextBit(BigInteger bits, int after) {
        BigInteger rest = bits.shiftRight(after + 1);
        return rest.signum() == 0 ? -1 : after + 1 + rest.getLowestSetBit();
    }

    /** The bitmap word holding a tick. */
    static int word(int tick, int spacing) {
        return Math.floorDiv(Math.floorDiv(tick, spacing), 256);
    }

    /** The tick window [low, high] of the words within tick-window-words of the current one, clamped. */
    int[] window(int tick, int spacing) {
        int w = word(tick, spacing);
        int lowWord = w - settings.tickWindowWords();
        int highWord = w + settings.tickWindowWords();
        long low = (long) lowWord * 256 * spacing;
        long high = ((long) highWord * 256 + 255) * spacing;
        return new int[] {(int) Math.max(TickMath.MIN_TICK, low), (int) Math.min(TickMath.MAX_TICK, high)};
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
