-- Routing, issue 4: one row per quote. The five quote_route rows with each route's full response JSON (and the
-- request as a CLOB, which H2 writes to separate LOB storage) made the write-behind insert cost a third of the
-- server's CPU under load. Now the request and the routes' plans (PlanCodec: amounts and market references, each
-- token once) are plain VARCHAR columns of the quote row, and a pathId is quoteId:rank, so it needs no table of its
-- own. Quotes live for a minute; rows of the old layout are dropped.
DROP TABLE quote_route;
DELETE FROM quote;
ALTER TABLE quote ALTER COLUMN request_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE quote ADD COLUMN route_count INTEGER NOT NULL;
ALTER TABLE quote ADD COLUMN plans VARCHAR(1000000) NOT NULL;
