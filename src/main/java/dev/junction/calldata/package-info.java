/** Junction router ABI encoding: the calldata of a route. */
@org.springframework.modulith.ApplicationModule
package dev.junction.calldata;
