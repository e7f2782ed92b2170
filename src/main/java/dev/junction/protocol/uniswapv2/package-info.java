/** Room: Uniswap V2 and its forks (constant-product pools). */
package dev.junction.protocol.uniswapv2;
