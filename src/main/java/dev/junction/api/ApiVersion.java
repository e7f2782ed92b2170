package dev.junction.api;

/**
 * The API version: the {@code /v1/} prefix, the {@code API-Version} response header and the OpenAPI document's version.
 * A breaking change would go under {@code /v2/}.
 */
public final class ApiVersion {

    public static final String CURRENT = "1";

    private ApiVersion() {
    }
}
