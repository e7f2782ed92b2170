-- Gasless quotes with a destination call (issue 39): the mode-3 witness binds the fallback address, which the quote
-- keeps beside the other router terms; NULL for a sandbox quote and for rows written before (their fallback was the
-- sender).
ALTER TABLE gasless_quote ADD COLUMN route_fallback_address VARCHAR(42);
