-- Status pushed to integrators (webhooks module, issue 40). Times are wall-clock epoch ms. An owner is the digest of
-- the API key that made a row ('key:' + 32 hex digits), or '' when Junction requires no key.

-- Webhook endpoints; secret = the HMAC key of Junction-Signature (shown once, at registration).
CREATE TABLE webhooks (
    id            VARCHAR(40)   PRIMARY KEY,
    owner         VARCHAR(40)   NOT NULL,
    url           VARCHAR(2048) NOT NULL,
    description   VARCHAR(256),
    secret        VARCHAR(80)   NOT NULL,
    created_at_ms BIGINT        NOT NULL
);
CREATE INDEX webhooks_owner ON webhooks (owner);

-- Who follows a route's source transaction: the key that submitted the gasless swap (written in the transaction that
-- inserts the swap) or registered POST /status/watch. Each webhook of a follower gets the transaction's events.
CREATE TABLE status_followers (
    chain_id      BIGINT      NOT NULL,
    tx_hash       VARCHAR(66) NOT NULL,
    owner         VARCHAR(40) NOT NULL,
    created_at_ms BIGINT      NOT NULL,
    PRIMARY KEY (chain_id, tx_hash, owner)
);

-- The outbox: every status change of a route, written in the database transaction of the change (the executor's
-- transition, or a watch's reading); body = the JSON delivered and streamed, fixed once.
CREATE TABLE status_events (
    id             VARCHAR(40) PRIMARY KEY,
    chain_id       BIGINT      NOT NULL,
    tx_hash        VARCHAR(66) NOT NULL,
    sequence       BIGINT      NOT NULL,
    status         VARCHAR(16) NOT NULL,
    substatus      VARCHAR(40),
    terminal       BOOLEAN     NOT NULL,
    body           TEXT        NOT NULL,
    occurred_at_ms BIGINT      NOT NULL,
    CONSTRAINT status_events_sequence UNIQUE (chain_id, tx_hash, sequence)
);

-- One delivery per event and webhook, written with the event. Leased by one instance at a time (lease_*).
CREATE TABLE webhook_deliveries (
    webhook_id         VARCHAR(40)  NOT NULL,
    event_id           VARCHAR(40)  NOT NULL,
    chain_id           BIGINT       NOT NULL,
    tx_hash            VARCHAR(66)  NOT NULL,
    sequence           BIGINT       NOT NULL,
    state              VARCHAR(12)  NOT NULL,
    attempts           INT          NOT NULL,
    created_at_ms      BIGINT       NOT NULL,
    next_attempt_at_ms BIGINT       NOT NULL,
    lease_owner        VARCHAR(64),
    lease_until_ms     BIGINT,
    last_http_status   INT,
    last_error         VARCHAR(400),
    delivered_at_ms    BIGINT,
    PRIMARY KEY (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at_ms);
CREATE INDEX webhook_deliveries_order ON webhook_deliveries (webhook_id, chain_id, tx_hash, sequence);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

-- Wallet-sent routes followed by reading their /status answer (POST /status/watch, status streams) until they end.
CREATE TABLE status_watches (
    chain_id        BIGINT       NOT NULL,
    tx_hash         VARCHAR(66)  NOT NULL,
    fingerprint     VARCHAR(200),
    sequence        BIGINT       NOT NULL,
    done            BOOLEAN      NOT NULL,
    terminal        BOOLEAN      NOT NULL,
    next_poll_at_ms BIGINT       NOT NULL,
    expires_at_ms   BIGINT       NOT NULL,
    lease_owner     VARCHAR(64),
    lease_until_ms  BIGINT,
    created_at_ms   BIGINT       NOT NULL,
    PRIMARY KEY (chain_id, tx_hash)
);
CREATE INDEX status_watches_due ON status_watches (done, next_poll_at_ms);

-- Rate-limit buckets shared by every instance on PostgreSQL (Bucket4j's PostgreSQL backend: id, serialized state,
-- expiry in epoch ms). Unused on H2, where each instance keeps its buckets in memory.
CREATE TABLE rate_limit_buckets (
    id         VARCHAR(80) PRIMARY KEY,
    state      BYTEA,
    expires_at BIGINT
);
CREATE INDEX rate_limit_buckets_expiry ON rate_limit_buckets (expires_at);
