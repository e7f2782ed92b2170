/** Room: Across (SpokePool deposits, relayer fills). */
package dev.junction.protocol.across;
