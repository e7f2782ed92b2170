/** Room: Uniswap V3 and its forks (concentrated-liquidity pools). */
package dev.junction.protocol.uniswapv3;
