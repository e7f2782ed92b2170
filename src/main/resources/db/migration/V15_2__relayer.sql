-- The relayer's transactions on real chains (execution module, issue 15). A relayed transaction is one nonce of the
-- relayer on one chain; each signed version of it (the first, and every fee-bumped replacement) is a row of
-- relayer_signed, written and committed BEFORE its bytes are broadcast, so a crash re-broadcasts the same bytes.
CREATE TABLE relayer_nonces (
    chain_id   BIGINT      NOT NULL,
    sender     VARCHAR(42) NOT NULL,
    next_nonce BIGINT      NOT NULL,
    PRIMARY KEY (chain_id, sender)
);

CREATE TABLE relayer_txs (
    id                  VARCHAR(64)   PRIMARY KEY,
    reference           VARCHAR(128),
    chain_id            BIGINT        NOT NULL,
    sender              VARCHAR(42)   NOT NULL,
    nonce               BIGINT        NOT NULL,
    to_address          VARCHAR(42)   NOT NULL,
    value_wei           VARCHAR(80)   NOT NULL,
    data                TEXT          NOT NULL,
    gas_limit           BIGINT        NOT NULL,
    state               VARCHAR(16)   NOT NULL,
    current_hash        VARCHAR(66)   NOT NULL,
    broadcast_block     BIGINT,
    included_hash       VARCHAR(66),
    included_block      BIGINT,
    included_block_hash VARCHAR(66),
    success             BOOLEAN,
    created_at_ms       BIGINT        NOT NULL,
    updated_at_ms       BIGINT        NOT NULL,
    CONSTRAINT relayer_txs_nonce UNIQUE (chain_id, sender, nonce),
    CONSTRAINT relayer_txs_reference UNIQUE (reference)
);
CREATE INDEX relayer_txs_open ON relayer_txs (state);

CREATE TABLE relayer_signed (
    tx_hash          VARCHAR(66) PRIMARY KEY,
    relayer_tx_id    VARCHAR(64) NOT NULL REFERENCES relayer_txs (id),
    version          INT         NOT NULL,
    max_fee          VARCHAR(80) NOT NULL,
    max_priority_fee VARCHAR(80) NOT NULL,
    raw              TEXT        NOT NULL,
    signed_at_ms     BIGINT      NOT NULL,
    CONSTRAINT relayer_signed_version UNIQUE (relayer_tx_id, version)
);
