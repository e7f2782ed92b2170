/** Swap execution: the swap state machine, the durable executor and the embedded (simulated) network. */
@org.springframework.modulith.ApplicationModule
package dev.junction.execution;
