-- Ledger of the embedded network (execution module): what survives a restart of the simulated chains.
CREATE TABLE network_clock (
    id            INT    PRIMARY KEY,
    genesis_ms    BIGINT NOT NULL,
    high_water_ms BIGINT NOT NULL
);

CREATE TABLE network_accounts (
    chain_id   BIGINT      NOT NULL,
    address    VARCHAR(64) NOT NULL,
    next_nonce BIGINT      NOT NULL,
    PRIMARY KEY (chain_id, address)
);

-- Sent transactions, keyed by hash: a second send of the same transaction finds this row instead.
CREATE TABLE network_txs (
    tx_hash      VARCHAR(66)  PRIMARY KEY,
    chain_id     BIGINT       NOT NULL,
    sender       VARCHAR(64)  NOT NULL,
    nonce        BIGINT       NOT NULL,
    kind         VARCHAR(16)  NOT NULL,
    reference    VARCHAR(64),
    success      BOOLEAN      NOT NULL,
    fell_back    BOOLEAN      NOT NULL,
    token_out    VARCHAR(64)  NOT NULL,
    amount_out   VARCHAR(80)  NOT NULL,
    recipient    VARCHAR(64)  NOT NULL,
    block_number BIGINT       NOT NULL,
    timestamp_ms BIGINT       NOT NULL,
    CONSTRAINT network_txs_nonce UNIQUE (chain_id, sender, nonce)
);
CREATE INDEX network_txs_reference ON network_txs (reference, kind);

CREATE TABLE network_transfers (
    source_tx_hash VARCHAR(66) PRIMARY KEY,
    provider       VARCHAR(64) NOT NULL,
    from_chain     BIGINT      NOT NULL,
    to_chain       BIGINT      NOT NULL,
    input_token    VARCHAR(64) NOT NULL,
    amount_in      VARCHAR(80) NOT NULL,
    output_token   VARCHAR(64) NOT NULL,
    amount_out     VARCHAR(80) NOT NULL,
    settle_at_ms   BIGINT      NOT NULL,
    failed         BOOLEAN     NOT NULL,
    refund_at_ms   BIGINT      NOT NULL
);
