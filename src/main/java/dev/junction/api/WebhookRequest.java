package dev.junction.api;

/**
 * A validated {@code POST /webhooks} body.
 *
 * @param url where to deliver (its policy is the webhooks module's: 1012 when refused)
 * @param description the integrator's note, or null
 */
public record WebhookRequest(String url, String description) {

    static final int URL_MAX = 2048;
    static final int DESCRIPTION_MAX = 256;

    static WebhookRequest parse(BodyParams b) {
        b.requireAll("url");
        String url = ParamRules.text("url", b.string("url", ErrorCode.INVALID_PARAMETER,
                "a JSON string: an https URL").orElseThrow(), URL_MAX);
        String description = b.string("description").map(d -> ParamRules.text("description", d, DESCRIPTION_MAX))
                .orElse(null);
        return new WebhookRequest(url, description);
    }
}
