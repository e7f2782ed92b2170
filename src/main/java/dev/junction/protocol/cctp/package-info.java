/**
 * Room: Circle CCTP (USDC burn and mint). Its one named interface {@code protocol :: cctp} is {@link
 * dev.junction.protocol.cctp.CctpMessages}: Circle's messages and the events of Junction's CCTP contracts, which the
 * execution module's redeemer reads and sends (a CCTP route with a destination leg or call is redeemed by Junction's
 * relayer).
 */
@NamedInterface("cctp")
package dev.junction.protocol.cctp;

import org.springframework.modulith.NamedInterface;
