/**
 * The one door to the chains' nodes. {@link dev.junction.nodes.Nodes}: one Ethereum JSON-RPC client per chain of
 * {@code junction.chains.*} ({@link dev.junction.nodes.ChainsSettings}, bound once), typed {@code eth_*}
 * ({@link dev.junction.nodes.EthRpc}) over {@link dev.junction.nodes.JsonRpcClient} (calls and batches over HTTP, the
 * configured URLs tried in order with failover, retries with backoff on timeouts, HTTP 429 and 5xx, settings
 * {@code junction.rpc.*}), and one failure type ({@link dev.junction.nodes.RpcException} with its
 * {@link dev.junction.nodes.RpcErrorType}). The chain market, the build checks, GET /status and the relayer read the
 * nodes through it; the deploy command builds it from its configuration ({@link dev.junction.nodes.Nodes#bind}).
 */
@ApplicationModule(allowedDependencies = "chain")
package dev.junction.nodes;

import org.springframework.modulith.ApplicationModule;
