package dev.junction.execution.relayer;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.junction.chain.ChainId;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.web3j.crypto.Keys;
import org.web3j.utils.Numeric;

/** A database (H2 in memory or a fresh PostgreSQL schema, migrated) and relayers over it. */
public final class RelayerFixture implements AutoCloseable {

    static final String PG_URL = "jdbc:postgresql://127.0.0.1:5432/test";

    final String url;
    final String schema;
    final HikariDataSource ds;
    final JdbcClient jdbc;
    final TransactionTemplate tx;

    private RelayerFixture(String url, String schema) {
        this.url = url;
        this.schema = schema;
        this.ds = pool(url);
        Flyway.configure().dataSource(ds).locations("classpath:db/migration").load().migrate();
        this.jdbc = JdbcClient.create(ds);
        this.tx = new TransactionTemplate(new JdbcTransactionManager(ds));
    }

    static HikariDataSource pool(String url) {
        HikariConfig cfg = new HikariConfig();
        cfg.setJdbcUrl(url);
        cfg.setUsername(url.startsWith("jdbc:h2") ? "sa" : "postgres");
        cfg.setMaximumPoolSize(8);
        return new HikariDataSource(cfg);
    }

    public static RelayerFixture of(String db) {
        if (!"postgres".equals(db)) {
            return new RelayerFixture("jdbc:h2:mem:" + UUID.randomUUID()
                    + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1", null);
        }
        String schema = "relayer_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(PG_URL, "postgres", ""); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        } catch (Exception e) {
            throw new IllegalStateException("PostgreSQL on 127.0.0.1:5432 is needed: " + e, e);
        }
        return new RelayerFixture(PG_URL + "?currentSchema=" + schema, schema);
    }

    /** A fresh random key, funded with 100 ETH on the node. */
    public static String fundedKey(AnvilNode node) throws Exception {
        String key = Numeric.toHexStringWithPrefixZeroPadded(Keys.createEcKeyPair().getPrivateKey(), 64);
        RelayerKey k = RelayerKey.of(key);
        node.rpc.client().call("anvil_setBalance", k.address().lower(),
                "0x" + BigInteger.TEN.pow(20).toString(16));
        return key;
    }

    public Relayer relayer(AnvilNode node, String key, RelayerPolicy policy) {
        return new Relayer(ChainId.of(node.chainId), node.rpc, RelayerKey.of(key), new RelayerStore(jdbc), tx, policy,
                System::currentTimeMillis);
    }

    @Override
    public void close() {
        if (schema != null) {
            jdbc.sql("DROP SCHEMA " + schema + " CASCADE").update();
        }
        ds.close();
    }
}
