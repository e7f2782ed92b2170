package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import org.apache.catalina.connector.ClientAbortException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;

/**
 * A client dropping its connection is a normal event (issue 12, item 9): logged at DEBUG at most, without a stack
 * trace, and no response is written to the closed connection. A real failure is still an ERROR with its trace.
 */
class ClientDisconnectLoggingTest {

    final ApiExceptionHandler handler = new ApiExceptionHandler();
    final Logger logger = (Logger) LoggerFactory.getLogger(ApiExceptionHandler.class);
    final ListAppender<ILoggingEvent> events = new ListAppender<>();
    Level before;

    @BeforeEach
    void capture() {
        before = logger.getLevel();
        logger.setLevel(Level.DEBUG);
        events.start();
        logger.addAppender(events);
    }

    @AfterEach
    void release() {
        logger.detachAppender(events);
        logger.setLevel(before);
    }

    @Test
    void aBrokenPipeWhileWritingIsDebugWithoutStackTrace() {
        var r = handler.unexpected(new AsyncRequestNotUsableException(
                "ServletOutputStream failed to write: java.io.IOException: Broken pipe"));
        assertThat(r).as("nothing is written to a closed connection").isNull();
        r = handler.unexpected(new ClientAbortException(new IOException("Connection reset by peer")));
        assertThat(r).isNull();

        assertThat(events.list).hasSize(2).allSatisfy(e -> {
            assertThat(e.getLevel()).isEqualTo(Level.DEBUG);
            assertThat(e.getThrowableProxy()).as("no stack trace").isNull();
        });
    }

    @Test
    void aRealFailureIsStillAnErrorWithItsTrace() {
        var r = handler.unexpected(new IllegalStateException("boom"));
        assertThat(r.getStatusCode().value()).isEqualTo(500);
        assertThat(events.list).singleElement().satisfies(e -> {
            assertThat(e.getLevel()).isEqualTo(Level.ERROR);
            assertThat(e.getThrowableProxy()).isNotNull();
        });
    }
}
