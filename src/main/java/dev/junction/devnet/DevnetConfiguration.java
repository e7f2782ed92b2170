package dev.junction.devnet;

import dev.junction.execution.Blocks;
import dev.junction.execution.Swaps;
import dev.junction.market.Market;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/** Wires the devnet: ledger, transaction store, built-in contracts, node and JSON-RPC framing. */
@Configuration(proxyBeanMethods = false)
class DevnetConfiguration {

    @Bean
    Ledger devnetLedger(JdbcClient jdbc) {
        return new Ledger(jdbc);
    }

    @Bean
    TxStore devnetTxStore(JdbcClient jdbc) {
        return new TxStore(jdbc);
    }

    /** The executor tells the devnet of every swap transaction it includes (see {@link RouterSettlements}). */
    @Bean
    RouterSettlements devnetSettlements(TxStore devnetTxStore, Ledger devnetLedger) {
        return new RouterSettlements(devnetTxStore, devnetLedger);
    }

    @Bean
    Devnet devnet(Market market, Blocks blocks, Ledger devnetLedger, TxStore devnetTxStore, Swaps swaps,
            PlatformTransactionManager txManager) {
        Contracts contracts = new Contracts(devnetLedger);
        return new Devnet(market, blocks, devnetLedger, devnetTxStore, contracts, new TransactionTemplate(txManager),
                new Router(devnetLedger, devnetTxStore, contracts, swaps, blocks, market));
    }

    @Bean
    JsonRpc devnetJsonRpc(JsonMapper json, Devnet devnet) {
        return new JsonRpc(json, devnet, new EthMethods(devnet));
    }
}
