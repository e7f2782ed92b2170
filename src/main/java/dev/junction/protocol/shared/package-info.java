/** What several rooms use: recipients as bridges take them, bridges' own chain numbers. Not a room. */
package dev.junction.protocol.shared;
