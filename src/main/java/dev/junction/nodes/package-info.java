/**
 * Ethereum JSON-RPC client: typed calls and batches over HTTP, the configured URLs tried in order with failover,
 * retries with backoff on timeouts, HTTP 429 and 5xx, and typed errors ({@link dev.junction.nodes.RpcErrorType}). No
 * Spring: the chain-mode market and the network that sends transactions build one client per chain.
 */
@ApplicationModule(allowedDependencies = "chain")
package dev.junction.nodes;

import org.springframework.modulith.ApplicationModule;
