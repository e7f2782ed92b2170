/** Swap execution: the swap state machine, the durable executor and the embedded (simulated) network. */
@ApplicationModule
package dev.junction.execution;

import org.springframework.modulith.ApplicationModule;
