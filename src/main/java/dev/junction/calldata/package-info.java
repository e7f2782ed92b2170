/** Junction router ABI encoding: the calldata of a route. */
@ApplicationModule
package dev.junction.calldata;

import org.springframework.modulith.ApplicationModule;
