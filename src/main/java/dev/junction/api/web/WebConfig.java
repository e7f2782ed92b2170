package dev.junction.api.web;

import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.config.annotation.ContentNegotiationConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Every Junction answer is JSON whatever the client's {@code Accept} says (an HTML-preferring browser still gets the
 * envelope, never a 406). Endpoints that produce something else (Prometheus text, Swagger UI) still work because
 * {@code *}{@code /*} follows JSON in the defaults.
 */
@Configuration
class WebConfig implements WebMvcConfigurer {

    @Override
    public void configureContentNegotiation(ContentNegotiationConfigurer configurer) {
        configurer.ignoreAcceptHeader(true).defaultContentType(MediaType.APPLICATION_JSON, MediaType.ALL);
    }
}
