/**
 * Value types shared by every module: {@link dev.junction.chain.ChainId}, {@link dev.junction.chain.Address},
 * {@link dev.junction.chain.Amount}, {@link dev.junction.chain.TxHash}. Each validates in its constructor, so a value
 * that exists is well-formed. No Spring, no I/O.
 */
@ApplicationModule(type = ApplicationModule.Type.OPEN)
package dev.junction.chain;

import org.springframework.modulith.ApplicationModule;
