/** Swap tracking and the status model behind GET /status. */
@ApplicationModule
package dev.junction.status;

import org.springframework.modulith.ApplicationModule;
