package dev.junction.support.endpoints;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.execution.RouteKind;
import dev.junction.execution.SwapKind;
import dev.junction.execution.network.EmbeddedNetwork;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Builds small, valid plans from whatever market is loaded, for the test-only submission endpoint (reliability tests
 * run the packaged service and must not depend on the routing module). Uses constant-product pools and single lanes
 * between EVM chains; the {@code index} spreads swaps over pools and lanes.
 */
final class TestPlans {

    private TestPlans() {
    }

    static ExecutionPlan plan(MarketSnapshot m, RouteKind shape, Address sender, int index, Instant deadline) {
        return switch (shape) {
            case SAME_CHAIN_SWAP -> sameChain(m, sender, index, deadline);
            case BRIDGE -> bridge(m, sender, index, deadline);
            case CROSS_CHAIN_SWAP -> crossChain(m, sender, index, deadline)
                    .orElseGet(() -> bridge(m, sender, index, deadline));
        };
    }

    private static ExecutionPlan sameChain(MarketSnapshot m, Address sender, int index, Instant deadline) {
        List<ConstantProductPool> pools = v2Pools(m);
        ConstantProductPool p = pools.get(Math.floorMod(index, pools.size()));
        Amount in = Amount.of(p.reserve0().divide(BigInteger.valueOf(1_000_000)).max(BigInteger.valueOf(1_000)));
        BigInteger out = p.quote(p.token0(), p.token1(), in.value()).amountOut();
        Amount min = Amount.of(out.divide(BigInteger.TWO));
        return new ExecutionPlan(SwapKind.GASLESS, RouteKind.SAME_CHAIN_SWAP, p.provider(), sender, sender, p.chain(),
                p.token0(), p.chain(), p.token1(), in, min, deadline, null,
                List.of(new PlanStep.Swap(p.chain(), p.id(), p.token0(), p.token1(), in, min)));
    }

    private static ExecutionPlan bridge(MarketSnapshot m, Address sender, int index, Instant deadline) {
        List<BridgeLane> lanes = lanes(m);
        BridgeLane l = lanes.get(Math.floorMod(index, lanes.size()));
        Amount in = laneAmount(m, l);
        Amount min = Amount.of(bridged(m, l, in).divide(BigInteger.TWO));
        return new ExecutionPlan(SwapKind.GASLESS, RouteKind.BRIDGE, l.provider(), sender, sender, l.fromChain(),
                l.inputToken(), l.toChain(), l.outputToken(), in, min, deadline, null, List.of(bridgeStep(l, in, min)));
    }

    private static Optional<ExecutionPlan> crossChain(MarketSnapshot m, Address sender, int index, Instant deadline) {
        List<BridgeLane> lanes = lanes(m);
        for (int k = 0; k < lanes.size(); k++) {
            BridgeLane l = lanes.get(Math.floorMod(index + k, lanes.size()));
            Optional<ConstantProductPool> pool = v2Pools(m).stream()
                    .filter(p -> p.chain().equals(l.toChain()) && p.token0().equals(l.outputToken())).findFirst();
            if (pool.isPresent()) {
                ConstantProductPool p = pool.get();
                Amount in = laneAmount(m, l);
                BigInteger bridged = bridged(m, l, in);
                Amount bridgeMin = Amount.of(bridged.divide(BigInteger.TWO));
                BigInteger out = p.quote(p.token0(), p.token1(), bridged).amountOut();
                Amount min = Amount.of(out.divide(BigInteger.TWO));
                return Optional.of(new ExecutionPlan(SwapKind.GASLESS, RouteKind.CROSS_CHAIN_SWAP, l.provider(), sender,
                        sender, l.fromChain(), l.inputToken(), l.toChain(), p.token1(), in, min, deadline, null,
                        List.of(bridgeStep(l, in, bridgeMin),
                                new PlanStep.Swap(p.chain(), p.id(), p.token0(), p.token1(), bridgeMin, min))));
            }
        }
        return Optional.empty();
    }

    private static PlanStep.Bridge bridgeStep(BridgeLane l, Amount in, Amount min) {
        return new PlanStep.Bridge(l.provider(), l.fromChain(), l.toChain(), l.inputToken(), l.outputToken(), in, min);
    }

    private static Amount laneAmount(MarketSnapshot m, BridgeLane l) {
        return Amount.of(l.minAmount().multiply(BigInteger.valueOf(20)).min(l.capacity()));
    }

    private static BigInteger bridged(MarketSnapshot m, BridgeLane l, Amount in) {
        return EmbeddedNetwork.bridged(m, l, new PlanStep.Bridge(l.provider(), l.fromChain(), l.toChain(),
                l.inputToken(), l.outputToken(), in, Amount.ZERO), in.value());
    }

    private static List<ConstantProductPool> v2Pools(MarketSnapshot m) {
        List<ConstantProductPool> out = m.pools().stream().filter(ConstantProductPool.class::isInstance)
                .map(ConstantProductPool.class::cast).filter(p -> evm(m, p)).toList();
        if (out.isEmpty()) {
            throw new IllegalStateException("the market has no constant-product pool on an EVM chain");
        }
        return out;
    }

    private static boolean evm(MarketSnapshot m, Pool p) {
        return m.chain(p.chain()).map(Chain::evm).orElse(false);
    }

    private static List<BridgeLane> lanes(MarketSnapshot m) {
        List<BridgeLane> out = m.lanes().stream()
                .filter(l -> m.chain(l.fromChain()).map(Chain::evm).orElse(false)
                        && m.chain(l.toChain()).map(Chain::evm).orElse(false)
                        && m.token(l.fromChain(), l.inputToken()).isPresent()
                        && m.token(l.toChain(), l.outputToken()).isPresent()
                        && bridged(m, l, laneAmount(m, l)).signum() > 0)
                .toList();
        if (out.isEmpty()) {
            throw new IllegalStateException("the market has no usable bridge lane between EVM chains");
        }
        return out;
    }
}
