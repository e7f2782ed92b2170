/**
 * The HTTP edge: controllers, request parsing and validation, the response envelope and the one error catalogue.
 */
@org.springframework.modulith.ApplicationModule
package dev.junction.api;
