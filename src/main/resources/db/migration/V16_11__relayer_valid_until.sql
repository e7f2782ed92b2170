-- A relayed transaction that is useless after a time (a gasless swap's permit deadline, Unix seconds) and, once the
-- chain is past it without the transaction included, is cancelled: a 0-value transfer to the relayer itself at the same
-- nonce with raised fees (relayer_signed versions from cancel_version on), so its nonce is used and never left a gap.
ALTER TABLE relayer_txs ADD COLUMN valid_until BIGINT;
ALTER TABLE relayer_txs ADD COLUMN cancel_version INT;
