/**
 * The HTTP edge: controllers, request parsing and validation, the response envelope and the one error catalogue.
 */
@ApplicationModule
package dev.junction.api;

import org.springframework.modulith.ApplicationModule;
