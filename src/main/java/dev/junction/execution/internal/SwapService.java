package dev.junction.execution.internal;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.ChainRelay;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.InvalidPlanException;
import dev.junction.execution.PlanStep;
import dev.junction.execution.SwapKind;
import dev.junction.execution.SwapSubmission;
import dev.junction.execution.SwapView;
import dev.junction.execution.Swaps;
import dev.junction.execution.network.ChainTx;
import dev.junction.execution.network.Network;
import dev.junction.market.Chain;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.support.TransactionTemplate;

/** {@link Swaps}: validates and records submissions, and reads swaps back. */
public final class SwapService implements Swaps {

    private final SwapRepository swaps;
    private final Network network;
    private final Transactions transactions;
    private final Market market;
    private final TransactionTemplate tx;
    private final SwapRunner runner;
    private final String instance;

    public SwapService(SwapRepository swaps, Network network, Transactions transactions, Market market,
            TransactionTemplate tx, SwapRunner runner) {
        this.swaps = swaps;
        this.network = network;
        this.transactions = transactions;
        this.market = market;
        this.tx = tx;
        this.runner = runner;
        this.instance = runner.instance();
    }

    @Override
    public SwapSubmission submit(ExecutionPlan plan) {
        validate(plan, market.current());
        if (plan.reference() != null) {
            Optional<Swap> first = swaps.findByReference(plan.reference());
            if (first.isPresent()) {
                return submission(first.get());
            }
        }
        Swap swap;
        try {
            swap = tx.execute(status -> {
                String id = UUID.randomUUID().toString();
                long nonce = network.reserveNonce(plan.fromChain(), transactions.sourceSender(plan));
                ChainTx source = transactions.source(id, plan, nonce);
                Swap s = Swap.received(id, "exec_" + UUID.randomUUID().toString().replace("-", ""), plan,
                        new Swap.TxId(plan.fromChain(), source.sender(), nonce, network.hashOf(source)), network.now());
                swaps.insert(s, plan.reference(), s.createdAtMs(), instance);
                return s;
            });
        } catch (DuplicateKeyException e) {
            if (plan.reference() == null) {
                throw e;
            }
            swap = swaps.findByReference(plan.reference()).orElseThrow(() -> e);
        }
        runner.wake();
        return submission(swap);
    }

    @Override
    public SwapSubmission submitRelayed(ExecutionPlan plan, ChainRelay.Relayed relayed) {
        if (plan.kind() != SwapKind.GASLESS || plan.crossChain()) {
            throw new InvalidPlanException("a relayed swap is a same-chain GASLESS swap");
        }
        validate(plan, market.current());
        if (plan.reference() != null) {
            Optional<Swap> first = swaps.findByReference(plan.reference());
            if (first.isPresent()) {
                return submission(first.get());
            }
        }
        // joins the caller's transaction, the one that recorded the relayer's signed transaction
        Swap swap = tx.execute(status -> {
            Swap s = Swap.received(UUID.randomUUID().toString(), "exec_" + UUID.randomUUID().toString().replace("-", ""),
                    plan, new Swap.TxId(plan.fromChain(), relayed.sender(), relayed.nonce(), relayed.hash()),
                    network.now());
            swaps.insert(s, plan.reference(), s.createdAtMs(), instance);
            return s;
        });
        runner.wake();
        return submission(swap);
    }

    @Override
    public Optional<SwapView> findBySourceTx(ChainId fromChain, TxHash sourceTx) {
        return swaps.findBySourceTx(fromChain, sourceTx).map(Swap::view);
    }

    @Override
    public Optional<SwapView> find(String swapId) {
        return swaps.load(swapId).map(Swap::view);
    }

    private static SwapSubmission submission(Swap s) {
        return new SwapSubmission(s.id(), s.executorTxId(), s.source().chain(), s.source().hash());
    }

    /** Checks the plan against the market: chains, tokens, pools, the lane, and that each step takes the last's output. */
    static void validate(ExecutionPlan plan, MarketSnapshot m) {
        requireChain(m, plan.fromChain());
        requireChain(m, plan.toChain());
        requireToken(m, plan.fromChain(), plan.fromToken());
        requireToken(m, plan.toChain(), plan.toToken());
        Address token = plan.fromToken();
        // what a split segment's legs spend: the route's input, or after the bridge what it delivers
        Address segmentInput = plan.fromToken();
        boolean legStarted = false;
        for (PlanStep step : plan.steps()) {
            switch (step) {
                case PlanStep.Swap s -> {
                    Pool pool = m.pool(s.poolId()).orElseThrow(() -> new InvalidPlanException("no pool " + s.poolId()));
                    if (!pool.chain().equals(s.chain()) || !pool.tokens().contains(s.tokenIn())
                            || !pool.tokens().contains(s.tokenOut())) {
                        throw new InvalidPlanException("pool " + s.poolId() + " does not trade " + s.tokenIn() + " for "
                                + s.tokenOut() + " on chain " + s.chain());
                    }
                    requireContinues(m, s.chain(), token, s.tokenIn());
                    token = s.tokenOut();
                }
                case PlanStep.Leg l -> {
                    if (legStarted) {
                        requireContinues(m, l.chain(), token, l.tokenOut());
                    }
                    requireContinues(m, l.chain(), segmentInput, l.tokenIn());
                    token = l.tokenIn();
                    legStarted = true;
                }
                case PlanStep.Bridge b -> {
                    boolean lane = m.lanes().stream().anyMatch(l -> l.provider().equalsIgnoreCase(b.provider())
                            && l.fromChain().equals(b.chain()) && l.toChain().equals(b.toChain())
                            && l.inputToken().equals(b.inputToken()) && l.outputToken().equals(b.outputToken()));
                    if (!lane) {
                        throw new InvalidPlanException("no " + b.provider() + " lane from " + b.chain() + " to "
                                + b.toChain() + " for " + b.inputToken() + " -> " + b.outputToken());
                    }
                    requireContinues(m, b.chain(), token, b.inputToken());
                    token = b.outputToken();
                    segmentInput = token;
                    legStarted = false;
                }
            }
        }
        Address last = token;
        // native output ends in the chain's wrapped token: the router unwraps it (or a Uniswap V4 native pool's step
        // pays native itself, which the plan names by the pool's market token)
        boolean unwrapped = plan.toToken().equals(Address.NATIVE) && m.chain(plan.toChain())
                .map(c -> last.equals(c.wrappedNative())).orElse(false);
        if (!last.equals(plan.toToken()) && !unwrapped) {
            throw new InvalidPlanException("the steps end with " + last + ", not with toToken " + plan.toToken());
        }
    }

    /** A step takes what the previous one gives; native input continues as the chain's wrapped token (router wraps). */
    private static void requireContinues(MarketSnapshot m, ChainId chain, Address held, Address next) {
        boolean wrapped = held.equals(Address.NATIVE) && m.chain(chain).map(c -> next.equals(c.wrappedNative()))
                .orElse(false);
        if (!held.equals(next) && !wrapped) {
            throw new InvalidPlanException("a step takes " + next + " but the previous step gives " + held);
        }
    }

    private static void requireChain(MarketSnapshot m, ChainId id) {
        Chain c = m.chain(id).orElseThrow(() -> new InvalidPlanException("no chain " + id + " in the market"));
        if (!c.evm()) {
            throw new InvalidPlanException("chain " + id + " is not an EVM chain; Junction executes on EVM chains only");
        }
    }

    private static void requireToken(MarketSnapshot m, ChainId chain, Address token) {
        if (m.token(chain, token).isEmpty()) {
            throw new InvalidPlanException("no token " + token + " on chain " + chain);
        }
    }
}
