/** Room: Circle CCTP (USDC burn and mint). */
package dev.junction.protocol.cctp;
