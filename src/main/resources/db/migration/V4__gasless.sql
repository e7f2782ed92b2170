-- Gasless swaps (issue 7): Permit2 nonces, gasless quotes and their submissions. Runs on H2 (MODE=PostgreSQL) and PostgreSQL.

-- Permit2 unordered nonces Junction handed out, per owner. A nonce is reserved when a quote is issued and never handed
-- out again for the same owner (primary key); used_at is set when a signed permit with it is accepted.
CREATE TABLE gasless_nonce (
    owner       VARCHAR(42)              NOT NULL,
    nonce       BIGINT                   NOT NULL,
    word_pos    BIGINT                   NOT NULL,
    bit_pos     SMALLINT                 NOT NULL,
    reserved_at TIMESTAMP WITH TIME ZONE NOT NULL,
    used_at     TIMESTAMP WITH TIME ZONE,
    CONSTRAINT pk_gasless_nonce PRIMARY KEY (owner, nonce),
    CONSTRAINT ck_gasless_nonce_bits CHECK (word_pos = nonce / 256 AND bit_pos = MOD(nonce, 256))
);

-- A gasless quote: everything needed to rebuild the signed typed data, verify a signature and execute the route.
CREATE TABLE gasless_quote (
    quote_id            VARCHAR(66)              NOT NULL,
    acquisition_mode    INTEGER                  NOT NULL,
    sender              VARCHAR(42)              NOT NULL,
    receiver            VARCHAR(64)              NOT NULL,
    from_chain          BIGINT                   NOT NULL,
    to_chain            BIGINT                   NOT NULL,
    from_token          VARCHAR(64)              NOT NULL,
    to_token            VARCHAR(64)              NOT NULL,
    amount_in           VARCHAR(78)              NOT NULL,
    fee_amount          VARCHAR(78)              NOT NULL,
    amount_in_after_fee VARCHAR(78)              NOT NULL,
    amount_out          VARCHAR(78)              NOT NULL,
    amount_out_min      VARCHAR(78)              NOT NULL,
    spender             VARCHAR(42)              NOT NULL,
    router              VARCHAR(42)              NOT NULL,
    nonce               BIGINT                   NOT NULL,
    deadline            BIGINT                   NOT NULL,
    digest              VARCHAR(66)              NOT NULL,
    inner_data          TEXT                     NOT NULL,
    route_kind          VARCHAR(32)              NOT NULL,
    bridge_count        INTEGER                  NOT NULL,
    providers           VARCHAR(512)             NOT NULL,
    main_provider       VARCHAR(64)              NOT NULL,
    created_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT pk_gasless_quote PRIMARY KEY (quote_id),
    CONSTRAINT uq_gasless_quote_nonce UNIQUE (sender, nonce),
    CONSTRAINT fk_gasless_quote_nonce FOREIGN KEY (sender, nonce) REFERENCES gasless_nonce (owner, nonce)
);

-- The route's steps in order, as the executor runs them (kind SWAP: pool_id; kind BRIDGE: provider and to_chain).
CREATE TABLE gasless_quote_step (
    quote_id       VARCHAR(66)  NOT NULL,
    step_index     INTEGER      NOT NULL,
    kind           VARCHAR(8)   NOT NULL, -- SWAP or BRIDGE
    chain          BIGINT       NOT NULL,
    to_chain       BIGINT       NOT NULL,
    provider       VARCHAR(64)  NOT NULL,
    pool_id        VARCHAR(256),
    token_in       VARCHAR(64)  NOT NULL,
    token_out      VARCHAR(64)  NOT NULL,
    amount_in      VARCHAR(78)  NOT NULL,
    min_amount_out VARCHAR(78)  NOT NULL,
    CONSTRAINT pk_gasless_quote_step PRIMARY KEY (quote_id, step_index),
    CONSTRAINT fk_gasless_quote_step_quote FOREIGN KEY (quote_id) REFERENCES gasless_quote (quote_id)
);

-- At most one accepted submission per quote (the unique constraint that makes concurrent submissions create one swap).
CREATE TABLE gasless_submission (
    quote_id          VARCHAR(66)              NOT NULL,
    signature         VARCHAR(132)             NOT NULL,
    swap_id           VARCHAR(128)             NOT NULL,
    executor_tx_id    VARCHAR(128)             NOT NULL,
    execution_tx_hash VARCHAR(66)              NOT NULL,
    submitted_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT pk_gasless_submission PRIMARY KEY (quote_id),
    CONSTRAINT fk_gasless_submission_quote FOREIGN KEY (quote_id) REFERENCES gasless_quote (quote_id)
);
