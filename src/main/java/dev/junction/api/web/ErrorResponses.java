package dev.junction.api.web;

import dev.junction.api.Envelope;
import dev.junction.api.ErrorCode;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** Writes the error envelope from places outside Spring MVC (servlet filters). */
@Component
public class ErrorResponses {

    private final JsonMapper json;

    ErrorResponses(JsonMapper json) {
        this.json = json;
    }

    /** Writes {@code {code, data, message}} with the code's HTTP status, unless the response is already committed. */
    public void write(HttpServletResponse response, ErrorCode code, String message, String param) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.resetBuffer();
        response.setStatus(code.status().value());
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getOutputStream().write(json.writeValueAsBytes(Envelope.error(code, message, param)));
        response.flushBuffer();
    }
}
