/**
 * Devnet: each embedded EVM chain as an Ethereum JSON-RPC 2.0 endpoint at {@code POST /devnet/{chainId}}, with a
 * persisted ledger of native and ERC-20 balances, allowances, Permit2 allowances and nonces, so that wallets (ethers,
 * viem, web3j) fund accounts, sign and send transactions and read balances against Junction offline.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"chain", "market", "execution", "calldata"})
package dev.junction.devnet;
