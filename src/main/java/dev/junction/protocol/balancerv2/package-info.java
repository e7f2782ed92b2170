/** Room: Balancer V2 (the Vault, weighted and composable stable pools). */
package dev.junction.protocol.balancerv2;
