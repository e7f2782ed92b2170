package dev.junction.status;

import dev.junction.calldata.RouterAbi;
import dev.junction.calldata.RouterErrors;
import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.TxHash;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.execution.RouteKind;
import dev.junction.execution.Substatus;
import dev.junction.execution.SwapKind;
import dev.junction.market.ChainHead;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Provider;
import dev.junction.market.StaleChainException;
import dev.junction.market.Token;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainTx;
import dev.junction.nodes.EthRpc;
import dev.junction.nodes.LogEntry;
import dev.junction.nodes.RpcException;
import dev.junction.nodes.TxReceipt;
import dev.junction.protocol.AdapterSpec;
import dev.junction.protocol.BridgeDeposit;
import dev.junction.protocol.BridgeFallback;
import dev.junction.protocol.BridgeFill;
import dev.junction.protocol.BridgeTracking;
import dev.junction.protocol.Protocols;
import dev.junction.status.RouteLogs.Fallback;
import dev.junction.status.RouteLogs.Route;
import dev.junction.status.RouteLogs.Terms;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * GET /status in chain mode: any transaction hash on a configured chain, read from the chain's node. The receipt and
 * the router's events give the route; a same-chain route ends with the receipt (DONE after the chain's
 * {@code confirmations}, FAILED with the router's error decoded from a replay of the transaction); a cross-chain route
 * goes on with the bridge's deposit in the receipt and its fill on the destination chain, found with
 * {@code eth_getLogs}: what to look for is the bridge's room's ({@link BridgeTracking}). Answers are cached per head
 * block of the chains they read (a terminal answer for good), so a polling client costs the node nothing more within
 * a block; except a hash the node does not know (yet): a broadcast can put it in the pool at any moment within the
 * block, and a relayed swap's pushed events read it then.
 */
final class ChainStatus {

    /** Seconds before a fill's search starts, ahead of the source block's time (clock skew between chains). */
    static final long FILL_SEARCH_SLACK_SECONDS = 600;
    /** Blocks per {@code eth_getLogs} of a fill search. */
    static final long LOG_RANGE = 10_000;
    /** Answers kept. */
    static final int CACHE_SIZE = 10_000;
    /** FAILED's substatus for a revert other than the route's minimum (the message names the router's error). */
    static final String REVERTED = "REVERTED";

    private final Map<ChainId, ChainSettings> chains = new LinkedHashMap<>();
    private final Function<ChainId, Optional<EthRpc>> nodes;
    private final Supplier<MarketSnapshot> market;
    private final Map<String, Answer> answers = Collections.synchronizedMap(
            new LinkedHashMap<>(256, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Answer> eldest) {
                    return size() > CACHE_SIZE;
                }
            });
    private final Map<String, FillSearch> fills = new ConcurrentHashMap<>();
    private final Map<String, Optional<String>> providers = new ConcurrentHashMap<>();
    /** Addresses that destination contracts' getters answered ({@link BridgeTracking.AddressReader}), by chain. */
    private final Map<String, Address> getters = new ConcurrentHashMap<>();

    /**
     * An answer, the head block of each chain it read, the wallets it belongs to; a terminal one never expires, one of
     * a hash the node does not know is not kept.
     */
    private record Answer(StatusResult result, Map<ChainId, Long> heads, Set<String> wallets, boolean terminal,
            boolean unknown) {
    }

    /** A fill search of one deposit: the next destination block to search, or the fill found. */
    private record FillSearch(long nextFrom, BridgeFill found) {
    }

    /** A bridge's deposit in a source receipt, the bridge's key and what follows it. */
    private record Followed(BridgeDeposit deposit, String bridgeKey, BridgeTracking tracking) {
    }

    ChainStatus(List<ChainSettings> chains, Function<ChainId, Optional<EthRpc>> nodes,
            Supplier<MarketSnapshot> market) {
        chains.forEach(c -> this.chains.put(c.id(), c));
        this.nodes = nodes;
        this.market = market;
    }

    /** Whether {@code chain} is a configured chain (its hashes are read from its node). */
    boolean serves(ChainId chain) {
        return chains.containsKey(chain);
    }

    /**
     * The status of the route whose source transaction is {@code hash} on {@code chain}.
     *
     * @param userAddress when not null, the transaction's sender or the route's sender (a permit's owner) must be
     *     this wallet, else NOT_FOUND
     * @throws RpcException when a node the answer needs failed (after its client's retries and failover)
     */
    StatusResult lookup(TxHash hash, ChainId chain, String userAddress) {
        MarketSnapshot m = market.get();
        String key = chain.value() + ":" + hash.value();
        Answer cached = answers.get(key);
        if (cached == null || !(cached.terminal() || cached.heads().equals(heads(m, cached.heads().keySet())))) {
            cached = read(hash, chain, m);
            if (cached.unknown()) {
                answers.remove(key);
            } else {
                answers.put(key, cached);
            }
        }
        if (userAddress != null && cached.result().status() != SwapStatus.NOT_FOUND
                && !cached.wallets().contains(userAddress.toLowerCase(Locale.ROOT))) {
            return StatusResult.notFound("No route of wallet " + userAddress + " with source transaction " + hash
                    + " on chain " + chain + ".", StatusService.NOT_FOUND_POLL_SECONDS);
        }
        return cached.result();
    }

    private static Map<ChainId, Long> heads(MarketSnapshot m, Set<ChainId> chains) {
        Map<ChainId, Long> out = new LinkedHashMap<>();
        for (ChainId c : chains) {
            out.put(c, m.head(c).map(ChainHead::blockNumber).orElse(-1L));
        }
        return out;
    }

    /**
     * One reading of the chains, at the market's current heads.
     *
     * @throws RpcException when a node failed (the API answers 9002, or 9003 on a timeout)
     */
    private Answer read(TxHash hash, ChainId chainId, MarketSnapshot m) {
        Reading r = new Reading(m, chainId, hash);
        StatusResult result = r.run();
        return new Answer(result, heads(m, r.chainsRead), r.wallets, r.terminal, r.unknown);
    }

    /** The state of one lookup. */
    private final class Reading {
        final MarketSnapshot m;
        final ChainId source;
        final TxHash hash;
        final ChainSettings s;
        final Set<ChainId> chainsRead = new LinkedHashSet<>();
        final Set<String> wallets = new HashSet<>();
        boolean terminal;
        /** The source chain's node does not know the hash (yet). */
        boolean unknown;
        // filled as the reading goes
        ChainTx tx;
        Terms terms;
        Route route;
        StatusResult.TxDetails src;
        Long updatedAt;

        Reading(MarketSnapshot m, ChainId source, TxHash hash) {
            this.m = m;
            this.source = source;
            this.hash = hash;
            this.s = chains.get(source);
            chainsRead.add(source);
        }

        StatusResult run() {
            EthRpc rpc = node(source);
            Optional<EthRpc.Lookup> found = rpc.transaction(hash);
            if (found.isEmpty()) {
                unknown = true;
                return StatusResult.notFound("Chain " + source + " has no transaction " + hash
                        + " (yet); poll again.", StatusService.NOT_FOUND_POLL_SECONDS);
            }
            tx = found.get().tx();
            TxReceipt receipt = found.get().receipt();
            Address router = s.router();
            terms = router != null && router.equals(tx.to()) ? RouteLogs.terms(tx.input()).orElse(null) : null;
            wallets.add(tx.from().lower());
            if (receipt == null) {
                if (terms == null) {
                    return StatusResult.notFound("Transaction " + hash + " waits in the node's pool and is not a call "
                            + "of Junction's router on chain " + source + "; poll again once it is mined.",
                            StatusService.NOT_FOUND_POLL_SECONDS);
                }
                return answer(SwapStatus.PENDING, Substatus.RECEIVED.name(), "The transaction is in the node's pool, "
                        + "not yet in a block.", null, 2, null, minimum());
            }
            route = router == null ? null : RouteLogs.route(receipt.logs(), router).orElse(null);
            if (route == null && terms == null) {
                return StatusResult.notFound("Transaction " + hash + " on chain " + source + " is not a Junction route "
                        + "(no call of the router, no RouteExecuted from it).", null);
            }
            if (route != null) {
                wallets.add(route.executed().sender().lower());
            }
            long block = receipt.blockNumber();
            long timestamp = rpc.block(block).timestamp();
            src = txDetails(source, timestamp, hash.value());
            updatedAt = timestamp * 1000;
            long confirmations = confirmations(source, block);
            if (confirmations < s.confirmations()) {
                return answer(SwapStatus.PENDING, Substatus.WAIT_SOURCE_CONFIRMATIONS.name(), "Included in block "
                        + block + "; " + confirmations + " of " + s.confirmations() + " confirmations.", null,
                        pollSeconds(s), null, minimum());
            }
            if (!receipt.success() || route == null) {
                return failed(rpc, receipt);
            }
            if (route.bridge() == null) {
                terminal = true;
                Optional<StatusResult> call = destinationCall(receipt.logs(), router, source, null);
                if (call.isPresent()) {
                    return call.get();
                }
                return answer(SwapStatus.DONE, Substatus.COMPLETED.name(), "The swap is complete: "
                        + route.executed().amountOut() + " delivered to " + route.executed().receiver() + ".", null,
                        null, null, route.executed().amountOut());
            }
            return crossChain(receipt);
        }

        /**
         * The route's destination call, from its executor's event in the logs of the route's last transaction: DONE /
         * COMPLETED when it succeeded, DONE / DESTINATION_CALL_FAILED with what the fallback address received when it
         * did not (never FAILED: the output was delivered); empty when the route had no destination call.
         */
        Optional<StatusResult> destinationCall(List<LogEntry> logs, Address router, ChainId chain,
                StatusResult.TxDetails destTx) {
            Bytes32 quoteId = route.executed().quoteId();
            return RouteLogs.destinationCall(logs, RouterAbi.executorOf(router), quoteId).map(c -> {
                String on = chain.equals(source) ? "" : " on chain " + chain;
                if (c.succeeded()) {
                    String rest = c.fallbackAmount().signum() == 0 ? "" : "; it left " + c.fallbackAmount()
                            + ", which went to the fallback address " + c.fallbackAddress();
                    return answer(SwapStatus.DONE, Substatus.COMPLETED.name(), "The swap is complete: " + c.amount()
                            + " of " + c.token() + " delivered to " + c.receiver() + on + " and its destination call"
                            + " succeeded" + rest + ".", destTx, null, null, c.amount());
                }
                String why = c.outcome() == 2 ? "was refused (its target is the token, Permit2, the router or the"
                        + " executor)" : "reverted or ran out of its gas limit";
                return answer(SwapStatus.DONE, Substatus.DESTINATION_CALL_FAILED.name(), "The swap delivered "
                        + c.amount() + " of " + c.token() + on + " but the destination call on " + c.receiver() + " "
                        + why + ": the fallback address " + c.fallbackAddress() + " received " + c.fallbackAmount()
                        + ".", destTx, null, asset(chain, c.token(), c.fallbackAmount()), c.amount());
            });
        }

        /** A reverted route (or a successful call of the router that ran no route), replayed to read its error. */
        StatusResult failed(EthRpc rpc, TxReceipt receipt) {
            terminal = true;
            if (receipt.success()) {
                return StatusResult.notFound("Transaction " + hash + " on chain " + source + " called Junction's router "
                        + "but ran no route.", null);
            }
            RouterErrors.Decoded reason = revert(rpc, receipt);
            String substatus = "InsufficientOutput".equals(reason.name()) ? Substatus.SLIPPAGE_EXCEEDED.name()
                    : REVERTED;
            return answer(SwapStatus.FAILED, substatus, "The transaction reverted in block " + receipt.blockNumber()
                    + "; nothing moved. " + reason.message(), null, null, null, BigInteger.ZERO);
        }

        /**
         * The router's error ({@link RouterErrors#decode}): the transaction re-run as eth_call on its block's parent,
         * then on its block.
         */
        RouterErrors.Decoded revert(EthRpc rpc, TxReceipt receipt) {
            for (long at : new long[] {receipt.blockNumber() - 1, receipt.blockNumber()}) {
                Optional<RpcException> e = rpc.replay(tx, Math.max(0, at));
                if (e.isPresent()) {
                    return RouterErrors.decode(e.get().data().orElse(null), e.get().getMessage());
                }
            }
            if (receipt.gasUsed() >= tx.gas().longValue()) {
                return new RouterErrors.Decoded(null, "it ran out of gas (" + receipt.gasUsed() + " used of "
                        + tx.gas() + ")");
            }
            return new RouterErrors.Decoded(null, "the replay of the transaction at block " + receipt.blockNumber()
                    + " did not revert: a transaction before it in the block changed the state it needed");
        }

        /** The bridge leg: the deposit in the source receipt, its fill on the destination chain. */
        StatusResult crossChain(TxReceipt receipt) {
            ChainId dest = route.bridge().destinationChain();
            Optional<Followed> deposit = deposit(receipt, dest);
            ChainSettings ds = chains.get(dest);
            String bridgeKey = deposit.map(Followed::bridgeKey).orElse(null);
            ChainSettings.Bridge destBridge = ds == null || bridgeKey == null ? null : ds.bridges().get(bridgeKey);
            if (deposit.isEmpty() || destBridge == null) {
                return answer(SwapStatus.PENDING, Substatus.WAIT_DESTINATION_TRANSACTION.name(), "The bridge transfer "
                        + "to chain " + dest + " cannot be followed here: " + (deposit.isEmpty()
                                ? "the receipt has no deposit event of a bridge configured on chain " + source
                                : "chain " + dest + " is not configured with bridge " + bridgeKey) + ".",
                        null, 60, null, minimum());
            }
            BridgeDeposit d = deposit.get().deposit();
            chainsRead.add(dest);
            EthRpc destRpc = node(dest);
            ChainHead head = m.head(dest).orElseThrow(() -> new StaleChainException(dest, "chain " + dest
                    + " has no head yet"));
            BridgeTracking tracking = deposit.get().tracking();
            Optional<Address> fillContract = tracking.fillContract(d, destBridge.contract(),
                    (contract, getter) -> getter(dest, contract, getter));
            if (fillContract.isEmpty()) {
                return answer(SwapStatus.PENDING, Substatus.WAIT_DESTINATION_TRANSACTION.name(), "The bridge transfer "
                        + "to chain " + dest + " cannot be followed here: bridge " + bridgeKey + "'s contract "
                        + destBridge.contract() + " on chain " + dest + " does not name the contract of its fill.",
                        null, 60, null, minimum());
            }
            BridgeFill fill = findFill(destRpc, tracking, fillContract.get(), source, d, head, updatedAt / 1000);
            if (fill == null) {
                if (head.blockTimestamp() > d.fillDeadline()) {
                    terminal = true;
                    return answer(SwapStatus.EXPIRED, Substatus.REFUND_IN_PROGRESS.name(), "Deposit " + d.depositId()
                            + " to chain " + dest + " was not filled by its fillDeadline " + d.fillDeadline()
                            + " (chain " + dest + " is at " + head.blockTimestamp() + "): " + bridgeKey + " refunds "
                            + d.inputAmount() + " of " + d.inputToken() + " to the depositor on chain " + source
                            + " with a later bundle; the requested token will not arrive.", null, null, null,
                            BigInteger.ZERO);
                }
                String deadline = d.fillDeadline() == Long.MAX_VALUE ? "" : " (fillDeadline " + d.fillDeadline()
                        + ")";
                String awaits = tracking.fillAwaits(d, source).map(w -> ": " + w).orElse("");
                return answer(SwapStatus.PENDING, Substatus.WAIT_DESTINATION_TRANSACTION.name(), "Deposit "
                        + d.depositId() + " is waiting for its fill on chain " + dest + deadline + awaits + ".", null,
                        pollSeconds(ds), null, minimum());
            }
            long fillTime = destRpc.block(fill.blockNumber()).timestamp();
            updatedAt = fillTime * 1000;
            StatusResult.TxDetails destTx = txDetails(dest, fillTime, fill.txHash().value());
            long confirmations = confirmations(dest, fill.blockNumber());
            if (confirmations < ds.confirmations()) {
                return answer(SwapStatus.PENDING, Substatus.WAIT_DESTINATION_TRANSACTION.name(), "Filled in block "
                        + fill.blockNumber() + " of chain " + dest + "; " + confirmations + " of "
                        + ds.confirmations() + " confirmations.", destTx, pollSeconds(ds), null, minimum());
            }
            terminal = true;
            if (ds.router() != null && tracking.deliversToRouter(d, fill, ds.router())) {
                List<LogEntry> logs = destRpc.receipt(fill.txHash()).map(TxReceipt::logs).orElse(List.of());
                Bytes32 quoteId = route.executed().quoteId();
                Optional<Fallback> fallback = RouteLogs.fallback(logs, ds.router(), quoteId);
                if (fallback.isPresent()) {
                    Fallback f = fallback.get();
                    StatusResult.Asset received = asset(dest, f.token(), f.amount());
                    return answer(SwapStatus.DONE, Substatus.PARTIAL.name(), "The destination swap could not run "
                            + "(its minimum, deadline or a pause): " + f.amount() + " of the bridged token " + f.token()
                            + " went to " + f.receiver() + " instead.", destTx, null, received, BigInteger.ZERO);
                }
                Optional<BridgeFallback> paidByBridge = tracking.legFallback(logs, fill, quoteId);
                if (paidByBridge.isPresent()) {
                    BridgeFallback f = paidByBridge.get();
                    return answer(SwapStatus.DONE, Substatus.PARTIAL.name(), "The destination leg failed for gas "
                            + "within the most gas " + bridgeKey + "'s receiver gives it: " + f.amount() + " of the "
                            + "bridged token " + f.token() + " went to " + f.payee() + " instead.", destTx, null,
                            asset(dest, f.token(), f.amount()), BigInteger.ZERO);
                }
                Optional<StatusResult> call = destinationCall(logs, ds.router(), dest, destTx);
                if (call.isPresent()) {
                    return call.get();
                }
                Optional<Route> destRoute = RouteLogs.route(logs, ds.router())
                        .filter(r -> r.executed().quoteId().equals(quoteId));
                if (destRoute.isPresent()) {
                    return answer(SwapStatus.DONE, Substatus.COMPLETED.name(), "The swap is complete: "
                            + destRoute.get().executed().amountOut() + " delivered to "
                            + destRoute.get().executed().receiver() + " on chain " + dest + ".", destTx, null, null,
                            destRoute.get().executed().amountOut());
                }
            }
            return answer(SwapStatus.DONE, Substatus.COMPLETED.name(), "The bridge transfer is complete: "
                    + fill.delivered() + " delivered to " + fill.recipient() + " on chain " + dest + ".", destTx,
                    null, null, fill.delivered());
        }

        /**
         * The deposit to {@code dest} in the receipt of a bridge configured on the source chain that /status can
         * follow (its room's {@link BridgeTracking}), in the order of the chain's bridges.
         */
        Optional<Followed> deposit(TxReceipt receipt, ChainId dest) {
            for (ChainSettings.Bridge b : s.bridges().values()) {
                Optional<BridgeTracking> tracking = Protocols.bridge(b.key()).tracking();
                Optional<BridgeDeposit> found = tracking.flatMap(t -> t.deposit(receipt.logs(), b, dest));
                if (found.isPresent()) {
                    return Optional.of(new Followed(found.get(), b.key(), tracking.get()));
                }
            }
            return Optional.empty();
        }

        /** Confirmations of a block on a chain: the market's head (or the block, if the market lags) counts. */
        long confirmations(ChainId chain, long block) {
            long head = m.head(chain).map(ChainHead::blockNumber).orElse(block);
            return Math.max(head, block) - block + 1;
        }

        /** The guaranteed minimum while pending, from the route's input; null when not decodable. */
        BigInteger minimum() {
            return terms == null ? null : terms.minAmountOut();
        }

        StatusResult answer(SwapStatus status, String substatus, String message, StatusResult.TxDetails destTx,
                Integer pollAfter, StatusResult.Asset received, BigInteger toAmount) {
            Address inputToken = route != null ? route.executed().inputToken() : terms != null ? terms.inputToken()
                    : null;
            BigInteger amountIn = route != null ? route.executed().amountIn() : terms != null ? terms.amountIn() : null;
            Address outputToken = route != null ? route.executed().outputToken() : terms != null ? terms.outputToken()
                    : null;
            ChainId toChain = toChain();
            boolean bridge = toChain != null && !toChain.equals(source);
            RouteKind kind = !bridge ? RouteKind.SAME_CHAIN_SWAP : hasSwap() ? RouteKind.CROSS_CHAIN_SWAP
                    : RouteKind.BRIDGE;
            boolean gasless = terms != null ? terms.permit()
                    : route != null && !route.executed().sender().equals(tx.from());
            String quoteId = route != null ? route.executed().quoteId().value() : terms != null
                    ? terms.quoteId().value() : null;
            StatusResult.ProviderRef provider = provider(bridge);
            return new StatusResult(destTx, new StatusResult.Details(substatus, message, received,
                    received == null ? null : received.amount(), pollAfter),
                    inputToken == null ? null : asset(source, inputToken, amountIn), (gasless ? SwapKind.GASLESS
                            : SwapKind.DIRECT).wire(), provider, kind.wire(), src != null ? src
                            : txDetails(source, null, hash.value()), status, quoteId, null,
                    outputToken == null || toChain == null ? null : asset(toChain, outputToken, toAmount), updatedAt);
        }

        /** The chain of the output: the bridge's destination, else the source. */
        ChainId toChain() {
            if (route != null) {
                return route.bridge() == null ? source : route.bridge().destinationChain();
            }
            if (terms != null) {
                return terms.steps().stream().filter(t -> t.kind() == RouterAbi.KIND_BRIDGE).findFirst()
                        .map(t -> t.destinationChain() == 0 ? null : ChainId.of(t.destinationChain())).orElse(source);
            }
            return source;
        }

        /** Whether the route swaps on either chain (else it is a bridge transfer only). */
        boolean hasSwap() {
            if (terms != null) {
                return terms.steps().stream().anyMatch(t -> t.kind() == RouterAbi.KIND_SWAP)
                        || terms.steps().size() > 1;
            }
            if (route.hasSwap()) {
                return true;
            }
            ChainSettings ds = chains.get(route.bridge().destinationChain());
            return ds != null && ds.router() != null && ds.router().equals(route.bridge().recipient());
        }

        /** The bridge of a cross-chain route, or the DEX of a same-chain one, from its adapter. */
        StatusResult.ProviderRef provider(boolean bridge) {
            Address adapter = null;
            if (route != null) {
                adapter = bridge ? route.bridge().adapter() : route.steps().isEmpty() ? null
                        : route.steps().getFirst().adapter();
            } else if (terms != null && !terms.steps().isEmpty()) {
                adapter = terms.steps().stream().filter(t -> !bridge || t.kind() == RouterAbi.KIND_BRIDGE).findFirst()
                        .orElse(terms.steps().getFirst()).adapter();
            }
            if (adapter == null) {
                return null;
            }
            Optional<String> key = providerKey(source, adapter);
            if (key.isEmpty()) {
                return new StatusResult.ProviderRef(adapter.value(), adapter.value());
            }
            return new StatusResult.ProviderRef(key.get(), m.provider(key.get()).map(Provider::name)
                    .orElse(key.get()));
        }

        StatusResult.Asset asset(ChainId chain, Address token, BigInteger amount) {
            Optional<Token> t = m.token(chain, token);
            return new StatusResult.Asset(chain.value(), token.value(), t.map(Token::symbol).orElse(null),
                    t.map(Token::decimals).orElse(null), amount == null ? null : amount.toString());
        }

        StatusResult.TxDetails txDetails(ChainId chain, Long timestamp, String txHash) {
            return new StatusResult.TxDetails(chain.value(), m.chain(chain).map(c -> c.logoUrl()).orElse(null),
                    timestamp, txHash);
        }
    }

    private EthRpc node(ChainId chain) {
        return nodes.apply(chain).orElseThrow(() -> new StaleChainException(chain, "chain " + chain.value()
                + " has no node client yet"));
    }

    /** Seconds between polls: about a block. */
    private static int pollSeconds(ChainSettings s) {
        return (int) Math.max(1, Math.ceil(s.blockTime().toMillis() / 1000.0));
    }

    /**
     * The provider key of an adapter: each configured provider's room says which getter of its adapter names the
     * provider's contract and what it answers ({@link AdapterSpec.Probe}: e.g. {@code factory()} for Uniswap,
     * {@code spokePool()} for Across, {@code tokenMessenger()} for CCTP; a Curve adapter has none); the adapter is
     * asked each getter once, DEXes' first. Read once per adapter.
     */
    private Optional<String> providerKey(ChainId chain, Address adapter) {
        return providers.computeIfAbsent(chain.value() + ":" + adapter.lower(), k -> {
            EthRpc rpc = node(chain);
            for (Map.Entry<String, Map<Address, String>> probe : probes(chains.get(chain)).entrySet()) {
                Optional<Address> answer = addressCall(rpc, adapter, probe.getKey());
                if (answer.isPresent() && probe.getValue().containsKey(answer.get())) {
                    return Optional.of(probe.getValue().get(answer.get()));
                }
            }
            return Optional.empty();
        });
    }

    /** By getter (in the order of first use: DEXes, then bridges), each answer's provider key on a chain. */
    private static Map<String, Map<Address, String>> probes(ChainSettings s) {
        Map<String, Map<Address, String>> out = new LinkedHashMap<>();
        for (ChainSettings.Dex d : s.dexes().values()) {
            Protocols.dex(d.kind()).adapter(d).probe()
                    .ifPresent(p -> out.computeIfAbsent(p.getter(), g -> new LinkedHashMap<>()).putIfAbsent(p.answer(),
                            d.key()));
        }
        for (ChainSettings.Bridge b : s.bridges().values()) {
            Protocols.bridge(b.key()).adapter(b).flatMap(AdapterSpec::probe)
                    .ifPresent(p -> out.computeIfAbsent(p.getter(), g -> new LinkedHashMap<>()).putIfAbsent(p.answer(),
                            b.key()));
        }
        return out;
    }

    private static Optional<Address> addressCall(EthRpc rpc, Address to, String signature) {
        try {
            byte[] out = rpc.call(to, Abi.call(signature));
            return out.length == 32 ? Optional.of(AbiDecoder.address(Hex.encode(out), 0)) : Optional.empty();
        } catch (RpcException e) {
            if (e.type().retryable()) {
                throw e;
            }
            return Optional.empty();
        }
    }

    /**
     * What {@code contract}'s {@code getter} answers on {@code chain}: read once (an answer is kept for good, a
     * contract that does not answer is asked again at the next lookup; a node's failure is thrown).
     */
    private Optional<Address> getter(ChainId chain, Address contract, String getter) {
        String key = chain.value() + ":" + contract.lower() + ":" + getter;
        Address known = getters.get(key);
        if (known != null) {
            return Optional.of(known);
        }
        Optional<Address> read = addressCall(node(chain), contract, getter);
        read.ifPresent(a -> getters.put(key, a));
        return read;
    }

    /**
     * The fill of a deposit on the destination chain, searched with {@code eth_getLogs} on the bridge's destination
     * contract with the room's topics (Across: by origin chain and deposit id), each log read by the room as the
     * deposit's fill or not (CCTP's plain mint: its source domain and burn message), from the first block at or after
     * the source block's time (less a slack) up to the market's head; later searches go on from where the last one
     * stopped.
     */
    private BridgeFill findFill(EthRpc rpc, BridgeTracking tracking, Address contract, ChainId origin, BridgeDeposit d,
            ChainHead head, long sourceTime) {
        String key = origin.value() + ":" + d.destinationChain().value() + ":" + d.depositId();
        FillSearch search = fills.get(key);
        if (search != null && search.found() != null) {
            return search.found();
        }
        long from = search != null ? search.nextFrom()
                : firstBlockAtOrAfter(rpc, head, sourceTime - FILL_SEARCH_SLACK_SECONDS);
        List<List<Bytes32>> topics = tracking.fillTopics(origin, d);
        BridgeFill found = null;
        while (from <= head.blockNumber() && found == null) {
            long to = Math.min(head.blockNumber(), from + LOG_RANGE - 1);
            List<BridgeFill> hits = new ArrayList<>();
            for (LogEntry l : rpc.logs(contract, from, to, topics)) {
                if (!l.removed()) {
                    tracking.fill(l, origin, d).ifPresent(hits::add);
                }
            }
            found = hits.isEmpty() ? null : hits.getFirst();
            from = to + 1;
        }
        fills.put(key, new FillSearch(from, found));
        return found;
    }

    /** The first block whose timestamp is at least {@code time} (binary search over headers), the head at most. */
    private static long firstBlockAtOrAfter(EthRpc rpc, ChainHead head, long time) {
        if (head.blockTimestamp() < time) {
            return head.blockNumber();
        }
        long lo = 0;
        long hi = head.blockNumber();
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (rpc.block(mid).timestamp() < time) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
