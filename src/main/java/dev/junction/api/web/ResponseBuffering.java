package dev.junction.api.web;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Sends an answer of up to {@code junction.http.response-buffer} bytes (default 32 KB) in one piece. Tomcat's
 * defaults buffer 8 KiB twice: the servlet response commits once 8 KiB are written (the rest goes out chunked), and the
 * connection's socket buffer writes to the socket every 8 KiB. A {@code /quote} answer of five routes is 16 to 26 KB,
 * so it took three {@code write} calls, each also waking the client to read. With both buffers at 32 KB it is one
 * call, and the answer carries {@code Content-Length}; larger answers are still streamed in chunks.
 *
 * <p>The cost: Tomcat allocates the socket buffer for every open connection (24 KB more each than its default).
 */
@Configuration(proxyBeanMethods = false)
class ResponseBuffering {

    /** Tomcat's per-connection socket write buffer (its {@code socket.appWriteBufSize}, 8 KiB by default). */
    @Bean
    TomcatConnectorCustomizer socketWriteBuffer(HttpProperties http) {
        return connector -> {
            if (!connector.setProperty("socket.appWriteBufSize", Integer.toString(http.responseBufferBytes()))) {
                throw new IllegalStateException("the Tomcat connector " + connector.getProtocolHandlerClassName()
                        + " has no socket.appWriteBufSize; junction.http.response-buffer cannot apply");
            }
        };
    }

    /** The servlet response's buffer, set first thing on every request (before anything is written). */
    @Bean
    FilterRegistrationBean<Filter> responseBufferFilter(HttpProperties http) {
        int bytes = http.responseBufferBytes();
        Filter filter = (ServletRequest request, ServletResponse response, FilterChain chain) -> {
            if (!response.isCommitted() && response.getBufferSize() < bytes) {
                response.setBufferSize(bytes);
            }
            chain.doFilter(request, response);
        };
        FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(filter);
        registration.setName("responseBufferFilter");
        registration.setDispatcherTypes(DispatcherType.REQUEST);
        registration.setOrder(FilterOrder.RESPONSE_BUFFER);
        return registration;
    }
}
