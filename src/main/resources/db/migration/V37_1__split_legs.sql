-- A split route's leg steps (step type / kind LEG): the leg's share of the input, basis points; null for other steps.
ALTER TABLE swap_steps ADD COLUMN share_bps INT;
ALTER TABLE gasless_quote_step ADD COLUMN share_bps INT;
