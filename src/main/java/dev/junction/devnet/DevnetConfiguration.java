package dev.junction.devnet;

import dev.junction.execution.Blocks;
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
    Devnet devnet(Market market, Blocks blocks, JdbcClient jdbc, PlatformTransactionManager txManager) {
        Ledger ledger = new Ledger(jdbc);
        return new Devnet(market, blocks, ledger, new TxStore(jdbc), new Contracts(ledger),
                new TransactionTemplate(txManager));
    }

    @Bean
    JsonRpc devnetJsonRpc(JsonMapper json, Devnet devnet) {
        return new JsonRpc(json, devnet, new EthMethods(devnet));
    }
}
