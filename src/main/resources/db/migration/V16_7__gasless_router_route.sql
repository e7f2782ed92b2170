-- Gasless swaps on real chains (issue 15): the relayer sends executeRouteWithPermit to Junction's router, and the
-- mode-3 typed data binds the route through the router's JunctionRoute witness. These columns keep what that witness
-- binds besides the quote's own terms; all NULL for a sandbox quote (the embedded executor runs the route itself).
ALTER TABLE gasless_quote ADD COLUMN route_fee_bps INTEGER;
ALTER TABLE gasless_quote ADD COLUMN route_fee_recipient VARCHAR(42);
ALTER TABLE gasless_quote ADD COLUMN route_steps_hash VARCHAR(66);
ALTER TABLE gasless_quote ADD COLUMN route_destination_call_hash VARCHAR(66);
