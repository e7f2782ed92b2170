-- Devnet (JSON-RPC view of the embedded chains): the wallet-facing ledger. Amounts are uint256 (NUMERIC(78,0)).
-- Native balances use the token address 0xeeee...eeee.
CREATE TABLE devnet_balances (
    chain_id BIGINT        NOT NULL,
    token    VARCHAR(64)   NOT NULL,
    holder   VARCHAR(64)   NOT NULL,
    amount   NUMERIC(78,0) NOT NULL,
    PRIMARY KEY (chain_id, token, holder)
);

-- ERC-20 allowances: token.allowance(owner, spender).
CREATE TABLE devnet_allowances (
    chain_id BIGINT        NOT NULL,
    token    VARCHAR(64)   NOT NULL,
    owner    VARCHAR(64)   NOT NULL,
    spender  VARCHAR(64)   NOT NULL,
    amount   NUMERIC(78,0) NOT NULL,
    PRIMARY KEY (chain_id, token, owner, spender)
);

-- Permit2 AllowanceTransfer allowances: Permit2.allowance(owner, token, spender) = (amount uint160, expiration, nonce).
CREATE TABLE devnet_permit2 (
    chain_id   BIGINT        NOT NULL,
    owner      VARCHAR(64)   NOT NULL,
    token      VARCHAR(64)   NOT NULL,
    spender    VARCHAR(64)   NOT NULL,
    amount     NUMERIC(78,0) NOT NULL,
    expiration BIGINT        NOT NULL,
    nonce      BIGINT        NOT NULL,
    PRIMARY KEY (chain_id, owner, token, spender)
);

-- Account nonces as wallets see them (eth_getTransactionCount).
CREATE TABLE devnet_accounts (
    chain_id BIGINT      NOT NULL,
    address  VARCHAR(64) NOT NULL,
    nonce    BIGINT      NOT NULL,
    PRIMARY KEY (chain_id, address)
);

-- Wallet transactions with their receipts. A router call (swap_id set) waits for the executor to run its source
-- transaction: block_number is -1 and status undecided until then.
CREATE TABLE devnet_txs (
    tx_hash             VARCHAR(66)    PRIMARY KEY,
    chain_id            BIGINT         NOT NULL,
    tx_type             INT            NOT NULL,
    sender              VARCHAR(64)    NOT NULL,
    nonce               BIGINT         NOT NULL,
    to_addr             VARCHAR(64),
    tx_value            NUMERIC(78,0)  NOT NULL,
    input               VARCHAR(200000) NOT NULL,
    gas_limit           NUMERIC(78,0)  NOT NULL,
    gas_price           NUMERIC(78,0),
    max_fee             NUMERIC(78,0),
    max_priority_fee    NUMERIC(78,0),
    effective_gas_price NUMERIC(78,0)  NOT NULL,
    gas_used            BIGINT         NOT NULL,
    status              INT            NOT NULL,
    revert_reason       VARCHAR(1000),
    block_number        BIGINT         NOT NULL,
    tx_index            INT            NOT NULL,
    sig_v               VARCHAR(80)    NOT NULL,
    sig_r               VARCHAR(66)    NOT NULL,
    sig_s               VARCHAR(66)    NOT NULL,
    swap_id             VARCHAR(64),
    CONSTRAINT devnet_txs_nonce UNIQUE (chain_id, sender, nonce)
);
CREATE INDEX devnet_txs_block ON devnet_txs (chain_id, block_number);
CREATE INDEX devnet_txs_swap ON devnet_txs (swap_id);

-- Event logs of mined transactions (topics: comma-separated 0x words).
CREATE TABLE devnet_logs (
    tx_hash   VARCHAR(66)     NOT NULL,
    log_index INT             NOT NULL,
    address   VARCHAR(64)     NOT NULL,
    topics    VARCHAR(400)    NOT NULL,
    data      VARCHAR(100000) NOT NULL,
    PRIMARY KEY (tx_hash, log_index)
);

-- Router calls handed to the executor: the event fields the receipt's router logs need once the source has run.
CREATE TABLE devnet_routes (
    tx_hash        VARCHAR(66) PRIMARY KEY,
    swap_id        VARCHAR(64) NOT NULL UNIQUE,
    chain_id       BIGINT      NOT NULL,
    router         VARCHAR(64) NOT NULL,
    quote_id       VARCHAR(66) NOT NULL,
    bridge_adapter VARCHAR(64),
    to_chain       BIGINT      NOT NULL
);
