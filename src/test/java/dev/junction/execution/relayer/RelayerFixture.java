package dev.junction.execution.relayer;

import dev.junction.chain.ChainId;
import dev.junction.support.TestDatabase;
import java.math.BigInteger;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.web3j.crypto.Keys;
import org.web3j.utils.Numeric;

/** A database ({@link TestDatabase}: H2 in memory or a fresh PostgreSQL schema, migrated) and relayers over it. */
public final class RelayerFixture implements AutoCloseable {

    final TestDatabase db;
    final JdbcClient jdbc;
    final TransactionTemplate tx;

    private RelayerFixture(TestDatabase db) {
        this.db = db;
        this.jdbc = db.jdbc();
        this.tx = new TransactionTemplate(new JdbcTransactionManager(db.dataSource()));
    }

    /** @param db {@code "postgres"} or {@code "h2"} */
    public static RelayerFixture of(String db) {
        return new RelayerFixture(TestDatabase.of(db));
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
        db.close();
    }
}
