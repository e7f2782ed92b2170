-- Routing, issue 4: one row per quote. The five quote_route rows with each route's full response JSON (and the
-- request as a CLOB, which H2 writes to separate LOB storage) made the write-behind insert cost a third of the
-- server's CPU under load. Now the request and the routes' plans (PlanCodec: amounts and market references, each
-- token once) are plain VARCHAR columns of the quote row, and a pathId is quoteId:rank, so it needs no table of its
-- own. Quotes live for a minute; rows of the old layout are dropped with their tables.
DROP TABLE quote_route;
DROP TABLE quote;

CREATE TABLE quote (
    quote_id           VARCHAR(36)              NOT NULL PRIMARY KEY,
    created_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    market_version     BIGINT                   NOT NULL,
    from_chain         BIGINT                   NOT NULL,
    to_chain           BIGINT                   NOT NULL,
    from_token         VARCHAR(64)              NOT NULL,
    to_token           VARCHAR(64)              NOT NULL,
    amount             VARCHAR(78)              NOT NULL,
    sender             VARCHAR(64)              NOT NULL,
    receiver           VARCHAR(64)              NOT NULL,
    fee_bps            INTEGER,
    slippage           VARCHAR(32),
    route_mode         VARCHAR(16)              NOT NULL,
    allow_multi_bridge BOOLEAN                  NOT NULL,
    acquisition_mode   INTEGER,
    integrator         VARCHAR(128),
    referrer           VARCHAR(128),
    route_count        INTEGER                  NOT NULL,
    request_json       VARCHAR(1000000)         NOT NULL,
    plans              VARCHAR(1000000)         NOT NULL
);

CREATE INDEX quote_expires ON quote (expires_at);
