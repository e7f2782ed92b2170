-- Bounded retries (issue 12 item 6): attempts now counts consecutive failed steps (it counted claims and was never
-- read); failure_reason keeps the last failure, shown by /status when the swap gives up (FAILED / RETRIES_EXHAUSTED).
ALTER TABLE swaps ADD COLUMN failure_reason VARCHAR(400);
UPDATE swaps SET attempts = 0;
