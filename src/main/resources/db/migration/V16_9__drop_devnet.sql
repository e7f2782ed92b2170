-- The devnet (the imitation JSON-RPC node, POST /devnet/{chainId}) is gone: bin/local-chains runs real anvil chains.
DROP TABLE IF EXISTS devnet_routes;
DROP TABLE IF EXISTS devnet_logs;
DROP TABLE IF EXISTS devnet_txs;
DROP TABLE IF EXISTS devnet_accounts;
DROP TABLE IF EXISTS devnet_permit2;
DROP TABLE IF EXISTS devnet_allowances;
DROP TABLE IF EXISTS devnet_balances;
