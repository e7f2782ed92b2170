-- Issue 17: a quote's plans were JSON text (format plan2, about 4.4 KB for five routes), the largest value of its row.
-- H2 writes a string column character by character and PostgreSQL compresses text over 2 KB (TOAST); the text was also
-- what the in-memory store held. New rows keep the plans as bytes (format plan3, PlanCodec: about a third of the
-- size, copied as a block); rows written before keep their text in `plans` and are read as before.
ALTER TABLE quote ADD COLUMN plan_bytes BYTEA;
ALTER TABLE quote ALTER COLUMN plans DROP NOT NULL;
