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
 * the most output when the provider has several), a bridge step over the provider's lane for its tokens.
 */
final class RouteDecoder {

    static final String SELECTOR = RouterAbi.selector(RouterAbi.EXECUTE_ROUTE);

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
        BigInteger stepIn = amountIn.subtract(fee);
        String bridgeProvider = null;
        String firstSwapProvider = null;
        for (Step s : steps) {
            Chain stepChain = m.chain(at).orElseThrow(() -> new Undecodable("no chain in the market for a step"));
            Address adapter = evm(s.adapter);
            String provider = provider(m, stepChain, adapter);
            Address tokenIn = evm(s.tokenIn);
            Address tokenOut = evm(s.tokenOut);
            Amount min = Amount.of(s.minAmountOut.getValue());
            if (s.kind.getValue().intValueExact() == 0) {
                Pool pool = pool(m, at, provider, tokenIn, tokenOut, stepIn);
                planned.add(new PlanStep.Swap(at, pool.id(), tokenIn, tokenOut, Amount.of(stepIn), min));
                firstSwapProvider = firstSwapProvider == null ? provider : firstSwapProvider;
            } else {
                if (bridgeProvider != null) {
                    throw new Undecodable("a route crosses at most one bridge");
                }
                BridgeLane lane = lane(m, at, provider, tokenIn, tokenOut);
                planned.add(new PlanStep.Bridge(provider, at, lane.toChain(), tokenIn, tokenOut, Amount.of(stepIn), min));
                bridgeProvider = provider;
                at = lane.toChain();
            }
            stepIn = s.minAmountOut.getValue();
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

    private static Pool pool(MarketSnapshot m, ChainId chain, String provider, Address in, Address out,
            BigInteger amount) {
        Optional<Pool> best = m.pools(chain).stream()
                .filter(p -> p.provider().equalsIgnoreCase(provider) && p.tokens().contains(in)
                        && p.tokens().contains(out))
                .max(Comparator.comparing(p -> quoteOrZero(p, in, out, amount)));
        return best.orElseThrow(() -> new Undecodable("no " + provider + " pool for " + in + " -> " + out + " on chain "
                + chain));
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
}
