package dev.junction.api.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * {@code junction.http.*}.
 *
 * @param responseBuffer an answer up to this size is sent in one piece (default 32 KB; see {@link ResponseBuffering})
 */
@ConfigurationProperties("junction.http")
public record HttpProperties(@DefaultValue("32KB") DataSize responseBuffer) {

    /** Tomcat's own default for both buffers. */
    static final DataSize MIN = DataSize.ofKilobytes(8);
    /** Tomcat allocates one such buffer per open connection. */
    static final DataSize MAX = DataSize.ofMegabytes(1);

    public HttpProperties {
        if (responseBuffer.compareTo(MIN) < 0 || responseBuffer.compareTo(MAX) > 0) {
            throw new IllegalArgumentException("junction.http.response-buffer must be between 8KB and 1MB, was "
                    + responseBuffer);
        }
    }

    int responseBufferBytes() {
        return Math.toIntExact(responseBuffer.toBytes());
    }
}
