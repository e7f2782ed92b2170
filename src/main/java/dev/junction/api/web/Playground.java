package dev.junction.api.web;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.CacheControl;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The playground page ({@code junction.playground.enabled}, default true): static files from
 * {@code classpath:/playground/} (the page's own files, ethers v6 and the router ABI, copied there by the Maven build)
 * at {@code /playground/}; {@code /} and {@code /playground} redirect to it. The files hold no data, so they are
 * served without an API key; the page sends the key its user types as {@code X-API-Key} on every API call.
 */
@Configuration
class Playground implements WebMvcConfigurer {

    static final String PATH = "/playground/";

    private final boolean enabled;

    Playground(@Value("${junction.playground.enabled:true}") boolean enabled) {
        this.enabled = enabled;
    }

    @Override
    public void addViewControllers(ViewControllerRegistry registry) {
        if (enabled) {
            registry.addRedirectViewController("/", PATH);
            registry.addRedirectViewController("/playground", PATH);
            registry.addViewController(PATH).setViewName("forward:" + PATH + "index.html");
        }
    }

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        if (enabled) {
            // no-cache: a browser revalidates (ETag), so a new build's page is never mixed with old modules
            registry.addResourceHandler(PATH + "**").addResourceLocations("classpath:/playground/")
                    .setCacheControl(CacheControl.noCache()).setUseLastModified(true);
        }
    }

    /** Whether {@code request} asks for the page or one of its files (never an API endpoint). */
    boolean isPage(HttpServletRequest request) {
        if (!enabled) {
            return false;
        }
        // the servlet path is decoded and normalised by the container: /playground/../quote is /quote here
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        return path.equals("/") || path.equals("/playground") || path.startsWith(PATH);
    }
}
