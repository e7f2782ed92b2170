/**
 * The living market (internal): reference prices follow a seeded random walk and an arbitrage process pulls every pool
 * back toward them with a half-life, both on the simulation clock, each tick one atomic {@link
 * dev.junction.market.Market#update} of the snapshot.
 */
package dev.junction.market.live;
