package dev.junction.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The Junction-Signature header: HMAC-SHA256 of "t.body", checked against a value computed elsewhere. */
class WebhookSignatureTest {

    static final String SECRET = "whsec_test";
    static final String BODY = "{\"event\":\"evt_1\",\"status\":\"DONE\"}";

    @Test
    void theHeaderIsTheHmacOfTheTimeAndTheRawBody() {
        // printf '%s' '1700000000.{"event":"evt_1","status":"DONE"}' | openssl dgst -sha256 -hmac whsec_test
        assertThat(WebhookSignature.header(SECRET, 1_700_000_000L, BODY)).isEqualTo(
                "t=1700000000,v1=579aa3172534c403fea538cd870b87728f3a5019f29857d6b3a147d09d4a7f09");
    }

    @Test
    void verifyAcceptsItsOwnHeaderAndRefusesTamperingOtherSecretsAndOldTimes() {
        String header = WebhookSignature.header(SECRET, 1_700_000_000L, BODY);
        assertThat(WebhookSignature.verify(SECRET, header, BODY, 1_700_000_100L, 300)).isTrue();
        assertThat(WebhookSignature.verify(SECRET, header, BODY.replace("DONE", "FAILED"), 1_700_000_100L, 300))
                .isFalse();
        assertThat(WebhookSignature.verify("whsec_other", header, BODY, 1_700_000_100L, 300)).isFalse();
        assertThat(WebhookSignature.verify(SECRET, header, BODY, 1_700_000_301L, 300)).as("replayed too late")
                .isFalse();
        assertThat(WebhookSignature.verify(SECRET, header.replace("t=1700000000", "t=1700000100"), BODY,
                1_700_000_100L, 300)).as("the time is signed").isFalse();
        assertThat(WebhookSignature.verify(SECRET, null, BODY, 1_700_000_000L, 300)).isFalse();
        assertThat(WebhookSignature.verify(SECRET, "v1=abc", BODY, 1_700_000_000L, 300)).isFalse();
    }
}
