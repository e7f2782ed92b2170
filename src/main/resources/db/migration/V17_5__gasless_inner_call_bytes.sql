-- Issue 17: a gasless quote's router call (inner_data, 0x-hex of a few KB) was the largest value of its row. H2 writes
-- a string column character by character, and with WRITE_DELAY=0 every grouped commit re-writes the touched pages in
-- full, so these strings were most of /gasless/quote's storage CPU. New rows keep the call as bytes (half the size,
-- copied as a block); rows written before keep their hex text and are read as before.
ALTER TABLE gasless_quote ADD COLUMN inner_call BYTEA;
ALTER TABLE gasless_quote ALTER COLUMN inner_data DROP NOT NULL;
