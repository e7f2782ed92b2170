-- Junction's CCTP redeemer (execution module, issue 39). One row per CCTP leg sent through Junction's CctpAdapter:
-- (source chain, burn nonce) is unique, so a leg is redeemed once whichever instance found it; the row holds both
-- Circle messages, their attestations once Iris answered, and the relayer's transaction (relayer_txs.id) that sends
-- JunctionCctpReceiver.redeem. cctp_cursors holds, per source chain, the next block whose CctpLegSent logs are read.
CREATE TABLE cctp_redemptions (
    source_chain_id      BIGINT        NOT NULL,
    burn_nonce           BIGINT        NOT NULL,
    leg_nonce            BIGINT        NOT NULL,
    source_tx_hash       VARCHAR(66)   NOT NULL,
    source_block         BIGINT        NOT NULL,
    destination_chain_id BIGINT        NOT NULL,
    receiver             VARCHAR(42)   NOT NULL,
    burn_message         TEXT          NOT NULL,
    leg_message          TEXT          NOT NULL,
    message              TEXT          NOT NULL,
    burn_attestation     TEXT,
    leg_attestation      TEXT,
    state                VARCHAR(24)   NOT NULL,
    relayed_tx_id        VARCHAR(64),
    redeem_tx_hash       VARCHAR(66),
    attempts             INT           NOT NULL,
    next_attempt_at_ms   BIGINT        NOT NULL,
    last_error           VARCHAR(1000),
    created_at_ms        BIGINT        NOT NULL,
    updated_at_ms        BIGINT        NOT NULL,
    PRIMARY KEY (source_chain_id, burn_nonce)
);
CREATE INDEX cctp_redemptions_open ON cctp_redemptions (state, next_attempt_at_ms);

CREATE TABLE cctp_cursors (
    source_chain_id BIGINT NOT NULL PRIMARY KEY,
    next_block      BIGINT NOT NULL,
    updated_at_ms   BIGINT NOT NULL
);
