package dev.junction.dryrun.internal;

import dev.junction.calldata.Adapters;
import dev.junction.calldata.RouterAbi;
import dev.junction.calldata.RouterCallDecoder;
import dev.junction.calldata.RouterCallDecoder.RouteParams;
import dev.junction.calldata.RouterCallDecoder.Step;
import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.execution.RouteKind;
import dev.junction.execution.SwapKind;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.SwapQuote;
import dev.junction.market.UniswapV4Pool;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.web3j.abi.datatypes.Type;

/**
 * Decodes a transaction to Junction's router into the route the executor runs: {@code executeRoute(RouteParams,
 * Step[])} as {@code contracts/abi/JunctionRouter.json} publishes it (the calldata module's {@link RouterAbi}; a test
 * checks the selector against the JSON), read with {@link RouterCallDecoder}. Each step's adapter names its provider
 * ({@link Adapters#of}, next to the router of the step's chain); a swap step runs through that provider's pool of the pair on the chain (the one giving
 * the most output when the provider has several), a bridge step over the provider's lane for its tokens. A route whose
 * first step is a leg step (kind 2) is a split, checked with the router's rules ({@code JunctionRouter._checkLegs}) and
 * named by its errors: each leg step spends the route's input and names the legs' common output, is followed by a swap
 * ({@code ZeroAmount}), has a share of 1..10000 bps and the shares sum to 10000 ({@code InvalidShares}); it names no
 * adapter ({@code UnknownAdapter}: the router runs none for it). A leg's planned input is the router's:
 * {@code floor(input * share / 10000)}, the last leg the remainder. A cross-chain route may split the swaps after its
 * bridge too (the destination leg the bridge's message carries): those legs share what the bridge delivers and are
 * checked alike.
 */
final class RouteDecoder {

    static final String SELECTOR = RouterAbi.selector(RouterAbi.EXECUTE_ROUTE);
    private static final int KIND_SWAP = 0;
    private static final int KIND_BRIDGE = 1;
    private static final int KIND_LEG = 2;

    /** The call is not a route the market can run; the router reverts with this reason. */
    static final class Undecodable extends RuntimeException {
        Undecodable(String reason) {
            super(reason, null, false, false);
        }
    }

    private RouteDecoder() {
    }

    /** Whether the calldata calls executeRoute. */
    static boolean isRouteCall(byte[] data) {
        return RouterCallDecoder.isExecuteRoute(data);
    }

    /**
     * The route of an executeRoute call sent by {@code sender} on {@code chain}.
     *
     * @throws Undecodable when the calldata does not decode or names what the market does not have
     */
    static ExecutionPlan decode(MarketSnapshot m, Chain chain, Address sender, byte[] data) {
        RouterCallDecoder.Route route;
        try {
            route = RouterCallDecoder.executeRoute(data);
        } catch (IllegalArgumentException e) {
            throw new Undecodable("the calldata does not decode as executeRoute(RouteParams, Step[])");
        }
        RouteParams p = route.params();
        List<Step> steps = route.steps();
        if (steps.isEmpty()) {
            throw new Undecodable("a route needs at least one step");
        }
        BigInteger amountIn = p.amountIn.getValue();
        BigInteger fee = amountIn.multiply(p.feeBps.getValue()).divide(BigInteger.valueOf(10_000));
        Address inputToken = evm(p.inputToken);
        if (inputToken.equals(Address.ZERO)) {
            inputToken = Address.NATIVE;
        }
        ChainId at = chain.id();
        List<PlanStep> planned = new ArrayList<>();
        BigInteger routed = amountIn.subtract(fee);
        BigInteger stepIn = routed;
        Legs legs = steps.getFirst().kind.getValue().intValueExact() == KIND_LEG
                ? new Legs(inputToken, evm(steps.getFirst().tokenIn), evm(steps.getFirst().tokenOut), routed) : null;
        String bridgeProvider = null;
        String firstSwapProvider = null;
        Address bridgedToken = null;
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            int stepKind = s.kind.getValue().intValueExact();
            Address tokenIn = evm(s.tokenIn);
            Address tokenOut = evm(s.tokenOut);
            if (stepKind == KIND_LEG && legs == null && bridgeProvider != null
                    && steps.get(i - 1).kind.getValue().intValueExact() == KIND_BRIDGE) {
                // the destination leg's split (the bridge's message): its legs share what the bridge delivers
                legs = new Legs(bridgedToken, tokenIn, tokenOut, stepIn);
            }
            if (legs != null && stepKind == KIND_LEG) {
                PlanStep.Leg leg = legs.leg(at, steps, i);
                planned.add(leg);
                stepIn = leg.amountIn().value();
                continue;
            }
            if (legs != null && stepKind == KIND_SWAP) {
                legs.swapped(i, tokenIn, tokenOut);
            } else if (legs != null && stepKind == KIND_BRIDGE) {
                legs.end(tokenIn, evm(p.outputToken));
                legs = null;
            }
            Chain stepChain = m.chain(at).orElseThrow(() -> new Undecodable("no chain in the market for a step"));
            Address adapter = evm(s.adapter);
            String provider = provider(m, stepChain, adapter);
            Amount min = Amount.of(s.minAmountOut.getValue());
            if (stepKind == KIND_SWAP) {
                // a step naming NATIVE moves native itself: on chain only a Uniswap V4 pool holding native ETH takes
                // it (the router sends value only to a payable adapter); the plan trades the pool's market tokens
                boolean nativeStep = tokenIn.equals(Address.NATIVE) || tokenOut.equals(Address.NATIVE);
                if (nativeStep) {
                    tokenIn = marketToken(stepChain, tokenIn);
                    tokenOut = marketToken(stepChain, tokenOut);
                }
                Pool pool = pool(m, at, provider, tokenIn, tokenOut, stepIn, nativeStep);
                planned.add(new PlanStep.Swap(at, pool.id(), tokenIn, tokenOut, Amount.of(stepIn), min));
                firstSwapProvider = firstSwapProvider == null ? provider : firstSwapProvider;
            } else if (stepKind == KIND_BRIDGE) {
                if (bridgeProvider != null) {
                    throw new Undecodable("a route crosses at most one bridge");
                }
                BridgeLane lane = lane(m, at, provider, tokenIn, tokenOut);
                planned.add(new PlanStep.Bridge(provider, at, lane.toChain(), tokenIn, tokenOut, Amount.of(stepIn), min));
                bridgeProvider = provider;
                bridgedToken = tokenOut;
                at = lane.toChain();
            } else {
                throw new Undecodable("UnknownAdapter(" + adapter.lower() + "): step " + i + " is of kind " + stepKind);
            }
            stepIn = s.minAmountOut.getValue();
        }
        if (legs != null) {
            legs.end(null, evm(p.outputToken));
        }
        RouteKind kind = bridgeProvider == null ? RouteKind.SAME_CHAIN_SWAP
                : planned.size() == 1 ? RouteKind.BRIDGE : RouteKind.CROSS_CHAIN_SWAP;
        long deadline = p.deadline.getValue().min(BigInteger.valueOf(Long.MAX_VALUE / 1000)).longValueExact();
        try {
            return new ExecutionPlan(SwapKind.DIRECT, kind,
                    bridgeProvider != null ? bridgeProvider : firstSwapProvider, sender, evm(p.receiver), chain.id(),
                    inputToken, at, evm(p.outputToken), Amount.of(amountIn.subtract(fee)),
                    Amount.of(p.minAmountOut.getValue()), Instant.ofEpochSecond(deadline), null, planned);
        } catch (IllegalArgumentException e) {
            throw new Undecodable("the steps do not form a route: " + e.getMessage());
        }
    }

    private static String provider(MarketSnapshot m, Chain chain, Address adapter) {
        if (chain.router() == null) {
            throw new Undecodable("chain " + chain.id() + " has no Junction router");
        }
        return m.providers().stream().map(Provider::key)
                .filter(k -> Adapters.of(chain.router(), k).equals(adapter)).findFirst()
                .orElseThrow(() -> new Undecodable("UnknownAdapter(" + adapter.lower() + ")"));
    }

    /** The market's token for a step's token: the chain's wrapped native token for {@link Address#NATIVE}. */
    private static Address marketToken(Chain chain, Address token) {
        if (!token.equals(Address.NATIVE)) {
            return token;
        }
        if (chain.wrappedNative() == null) {
            throw new Undecodable("a step names the native token on chain " + chain.id()
                    + ", which has no wrapped native token");
        }
        return chain.wrappedNative();
    }

    /**
     * The provider's best pool of the pair; {@code nativeStep}: only a Uniswap V4 pool holding native ETH as the
     * wrapped token's currency.
     */
    private static Pool pool(MarketSnapshot m, ChainId chain, String provider, Address in, Address out,
            BigInteger amount, boolean nativeStep) {
        Optional<Pool> best = m.pools(chain).stream()
                .filter(p -> p.provider().equalsIgnoreCase(provider) && p.tokens().contains(in)
                        && p.tokens().contains(out) && (!nativeStep || holdsNative(m, chain, p)))
                .max(Comparator.comparing(p -> quoteOrZero(p, in, out, amount)));
        String kind = nativeStep ? " pool holding native ETH" : " pool";
        return best.orElseThrow(() -> new Undecodable("no " + provider + kind + " for " + in + " -> " + out
                + " on chain " + chain));
    }

    private static boolean holdsNative(MarketSnapshot m, ChainId chain, Pool p) {
        Address wrapped = m.chain(chain).map(Chain::wrappedNative).orElse(null);
        return p instanceof UniswapV4Pool v4 && wrapped != null && v4.tokens().contains(wrapped)
                && v4.nativeCurrency(v4.tokens().indexOf(wrapped));
    }

    private static BigInteger quoteOrZero(Pool p, Address in, Address out, BigInteger amount) {
        try {
            SwapQuote q = p.quote(in, out, amount);
            return q.amountOut();
        } catch (RuntimeException e) {
            return BigInteger.ZERO;
        }
    }

    private static BridgeLane lane(MarketSnapshot m, ChainId from, String provider, Address in, Address out) {
        return m.lanes().stream().filter(l -> l.provider().equalsIgnoreCase(provider) && l.fromChain().equals(from)
                && l.inputToken().equals(in) && l.outputToken().equals(out)).findFirst()
                .orElseThrow(() -> new Undecodable("no " + provider + " lane from chain " + from + " for " + in + " -> "
                        + out));
    }

    private static Address evm(Type<String> a) {
        return Address.evm(a.getValue());
    }

    /** The router's checks of a split route's legs, step by step, and each leg's input as the router computes it. */
    private static final class Legs {

        private final Address routeInput;
        private final Address tokenIn;
        private final Address tokenOut;
        private final BigInteger routed;
        private BigInteger left;
        private Address current;
        private int shares;

        /**
         * @param routeInput the route's input token (NATIVE for native input: the legs then spend the wrapped token)
         * @param tokenIn the first leg step's tokenIn
         * @param tokenOut the first leg step's tokenOut, the legs' common output
         * @param routed the input after the integrator fee, what the legs share
         */
        Legs(Address routeInput, Address tokenIn, Address tokenOut, BigInteger routed) {
            this.routeInput = routeInput.equals(Address.NATIVE) ? tokenIn : routeInput;
            this.tokenIn = tokenIn;
            this.tokenOut = tokenOut;
            this.routed = routed;
            this.left = routed;
        }

        /** The leg step at {@code i}, checked as the router checks it before anything moves. */
        PlanStep.Leg leg(ChainId chain, List<Step> steps, int i) {
            Step s = steps.get(i);
            if (!evm(s.adapter).equals(Address.ZERO)) {
                throw new Undecodable("UnknownAdapter(" + evm(s.adapter).lower() + "): a leg step (step " + i
                        + ") runs no adapter");
            }
            if (current != null && !tokenOut.equals(current)) {
                throw new Undecodable("OutputTokenMismatch(" + tokenOut.lower() + ", " + current.lower()
                        + "): the leg before step " + i + " does not end in the legs' output");
            }
            if (!evm(s.tokenIn).equals(routeInput)) {
                throw new Undecodable("StepTokenMismatch(" + i + ", " + routeInput.lower() + ", "
                        + evm(s.tokenIn).lower() + "): a leg spends the route's input");
            }
            if (!evm(s.tokenOut).equals(tokenOut)) {
                throw new Undecodable("OutputTokenMismatch(" + tokenOut.lower() + ", " + evm(s.tokenOut).lower()
                        + "): every leg step names the legs' output");
            }
            if (i + 1 == steps.size() || steps.get(i + 1).kind.getValue().intValueExact() != KIND_SWAP) {
                throw new Undecodable("ZeroAmount(): the leg at step " + i + " has no swap");
            }
            BigInteger share = new BigInteger(1, s.data.getValue());
            if (s.data.getValue().length != 32 || share.signum() == 0 || share.compareTo(WHOLE) > 0) {
                throw new Undecodable("InvalidShares(" + share + "): a leg's share is abi.encode(uint256) of 1..10000");
            }
            shares += share.intValueExact();
            current = tokenIn;
            boolean last = true;
            for (int n = i + 1; n < steps.size() && steps.get(n).kind.getValue().intValueExact() != KIND_BRIDGE; n++) {
                last &= steps.get(n).kind.getValue().intValueExact() != KIND_LEG;
            }
            BigInteger amount = last ? left : routed.multiply(share).divide(WHOLE);
            left = left.subtract(amount);
            return new PlanStep.Leg(chain, tokenIn, tokenOut, share.intValueExact(), Amount.of(amount));
        }

        /** A swap of a leg: it spends what the leg holds. */
        void swapped(int i, Address in, Address out) {
            if (!in.equals(current)) {
                throw new Undecodable("StepTokenMismatch(" + i + ", " + current.lower() + ", " + in.lower() + ")");
            }
            current = out;
        }

        /**
         * The end of the legs: the shares sum to 10000 and the last leg ends in the legs' output, which a following
         * bridge ({@code bridgeIn}, null without one) deposits or which is the route's output.
         */
        void end(Address bridgeIn, Address outputToken) {
            if (shares != WHOLE.intValueExact()) {
                throw new Undecodable("InvalidShares(" + shares + "): the legs' shares sum to " + shares
                        + " bps, not 10000");
            }
            if (!tokenOut.equals(current)) {
                throw new Undecodable("OutputTokenMismatch(" + tokenOut.lower() + ", " + current.lower() + ")");
            }
            Address expected = bridgeIn != null ? bridgeIn : outputToken;
            if (bridgeIn == null && !tokenOut.equals(expected) && !expected.equals(Address.NATIVE)) {
                throw new Undecodable("OutputTokenMismatch(" + expected.lower() + ", " + tokenOut.lower() + ")");
            }
            if (bridgeIn != null && !bridgeIn.equals(tokenOut)) {
                throw new Undecodable("StepTokenMismatch: the bridge deposits " + bridgeIn.lower() + ", the legs end in "
                        + tokenOut.lower());
            }
        }
    }

    private static final BigInteger WHOLE = BigInteger.valueOf(PlanStep.Leg.WHOLE);
}
