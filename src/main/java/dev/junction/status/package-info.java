/** Swap tracking and the status model behind GET /status. */
@org.springframework.modulith.ApplicationModule
package dev.junction.status;
