/**
 * Value types shared by every module: {@link dev.junction.chain.ChainId}, {@link dev.junction.chain.Address},
 * {@link dev.junction.chain.Amount}, {@link dev.junction.chain.TxHash}, {@link dev.junction.chain.Bytes32}. Each
 * validates in its constructor, so a value that exists is well-formed. Its open sub-package {@code abi} is the one ABI
 * codec ({@link dev.junction.chain.abi.Abi} encodes, {@link dev.junction.chain.abi.AbiDecoder} reads words back,
 * {@link dev.junction.chain.abi.RevertReason} reads revert data). No Spring, no I/O.
 */
@ApplicationModule(type = ApplicationModule.Type.OPEN)
package dev.junction.chain;

import org.springframework.modulith.ApplicationModule;
