package dev.junction.execution.internal;

import dev.junction.chain.Address;
import dev.junction.execution.ChainRelay;
import dev.junction.execution.InstanceId;
import dev.junction.execution.SwapChangeListener;
import dev.junction.execution.Simulator;
import dev.junction.execution.Swaps;
import dev.junction.execution.network.EmbeddedNetwork;
import dev.junction.execution.network.Network;
import dev.junction.market.ChainMode;
import dev.junction.market.Market;
import dev.junction.market.SandboxMode;
import dev.junction.market.SimulationClock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Wires the executor: the embedded network, the swap store, where swaps run ({@link SwapVenue}, one per mode), the
 * processor, the runner and the {@link Swaps} service.
 */
@Configuration(proxyBeanMethods = false)
class ExecutionConfiguration {

    @Bean
    TransactionTemplate executionTransactions(PlatformTransactionManager txManager) {
        return new TransactionTemplate(txManager);
    }

    /**
     * The embedded network. {@code junction.simulation.bridge-failure-rate} (0..1, default 0) is the share of bridge
     * transfers that fail and are refunded; {@code junction.simulation.seed} seeds their latency and fate.
     */
    @Bean
    EmbeddedNetwork embeddedNetwork(Market market, SimulationClock clock, JdbcClient jdbc,
            TransactionTemplate executionTransactions,
            @Value("${junction.simulation.bridge-failure-rate:0}") double bridgeFailureRate,
            @Value("${junction.simulation.seed:1}") long seed) {
        return new EmbeddedNetwork(market, clock, jdbc, executionTransactions, bridgeFailureRate, seed);
    }

    /** The swap store; each {@link SwapChangeListener} bean hears of every change in its database transaction. */
    @Bean
    SwapRepository swapRepository(JdbcClient jdbc, ObjectProvider<SwapChangeListener> listeners) {
        return new SwapRepository(jdbc, listeners.orderedStream().toList());
    }

    @Bean
    Transactions swapTransactions(ExecutionProperties props) {
        return new Transactions(Address.evm(props.relayer()));
    }

    /** The sandbox's swaps run on the embedded network. */
    @Bean
    @SandboxMode
    SwapVenue sandboxSwapVenue(SwapRepository repo, Network network, Transactions transactions,
            TransactionTemplate executionTransactions, ExecutionProperties props, SimulationClock clock) {
        return new SandboxSwapVenue(network, transactions, writes(repo, executionTransactions, props), clock::millis);
    }

    /** Chain mode's relayed gasless swaps are followed on their chains; the rest run on the embedded network. */
    @Bean
    @ChainMode
    SwapVenue chainSwapVenue(SwapRepository repo, Network network, Transactions transactions,
            TransactionTemplate executionTransactions, ExecutionProperties props, SimulationClock clock,
            ChainRelay relay) {
        SwapWrites writes = writes(repo, executionTransactions, props);
        return new ChainSwapVenue(relay, new SandboxSwapVenue(network, transactions, writes, clock::millis), writes);
    }

    private static SwapWrites writes(SwapRepository repo, TransactionTemplate executionTransactions,
            ExecutionProperties props) {
        return new SwapWrites(repo, executionTransactions, System::currentTimeMillis, props.leaseSeconds() * 1000L);
    }

    @Bean
    SwapProcessor swapProcessor(Network network, SwapVenue venue) {
        return new SwapProcessor(network, venue);
    }

    /** This process's one id: the swap runner's lease owner and the api's {@code junction_instance} row. */
    @Bean
    InstanceId instanceId() {
        return InstanceId.random();
    }

    @Bean
    SwapRunner swapRunner(SwapRepository repo, SwapProcessor processor, Network network, SimulationClock clock,
            TransactionTemplate executionTransactions, ExecutionProperties props, InstanceId instanceId) {
        return new SwapRunner(repo, processor, network, clock, executionTransactions, System::currentTimeMillis, props,
                instanceId.value());
    }

    /** The dry run of a plan on the current market (nothing committed); deadlines on the simulation clock. */
    @Bean
    Simulator simulator(Market market, Transactions swapTransactions, SimulationClock clock) {
        return new DryRun(market, swapTransactions, clock::millis);
    }

    @Bean
    SwapService swaps(SwapRepository repo, Network network, Transactions transactions, Market market,
            TransactionTemplate executionTransactions, SwapRunner runner) {
        return new SwapService(repo, network, transactions, market, executionTransactions, runner);
    }
}
