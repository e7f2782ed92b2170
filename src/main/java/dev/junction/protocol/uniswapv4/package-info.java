/** Room: Uniswap V4 (one singleton PoolManager per chain, pools keyed by PoolKey, hooks). */
package dev.junction.protocol.uniswapv4;
