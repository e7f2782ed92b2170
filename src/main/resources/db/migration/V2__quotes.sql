-- Routing: every /quote answer, so /build-path (by pathId) and the gasless flow (by quoteId) can find it later.
-- Written behind the response in batches (see QuoteStore); read by id.
CREATE TABLE quote (
    quote_id          VARCHAR(36)              NOT NULL PRIMARY KEY,
    created_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    market_version    BIGINT                   NOT NULL,
    from_chain        BIGINT                   NOT NULL,
    to_chain          BIGINT                   NOT NULL,
    from_token        VARCHAR(64)              NOT NULL,
    to_token          VARCHAR(64)              NOT NULL,
    amount            VARCHAR(78)              NOT NULL,
    sender            VARCHAR(64)              NOT NULL,
    receiver          VARCHAR(64)              NOT NULL,
    fee_bps           INTEGER,
    slippage          VARCHAR(32),
    route_mode        VARCHAR(16)              NOT NULL,
    allow_multi_bridge BOOLEAN                 NOT NULL,
    acquisition_mode  INTEGER,
    integrator        VARCHAR(128),
    referrer          VARCHAR(128),
    request_json      TEXT                     NOT NULL
);

CREATE TABLE quote_route (
    path_id           VARCHAR(36)              NOT NULL PRIMARY KEY,
    quote_id          VARCHAR(36)              NOT NULL REFERENCES quote (quote_id),
    rank_index        INTEGER                  NOT NULL,
    amount_out        VARCHAR(78)              NOT NULL,
    min_amount_out    VARCHAR(78)              NOT NULL,
    plan_json         TEXT                     NOT NULL
);

CREATE INDEX quote_route_quote ON quote_route (quote_id);
CREATE INDEX quote_expires ON quote (expires_at);
