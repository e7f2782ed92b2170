package dev.junction.webhooks.internal;

import dev.junction.webhooks.WebhookSignature;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

/**
 * Sends one signed delivery: {@code POST} of the JSON body with {@code Junction-Signature} and
 * {@code Junction-Event}; never follows a redirect (a 3xx is an answer like any non-2xx).
 */
final class WebhookClient {

    /**
     * What the endpoint did.
     *
     * @param httpStatus its status, null when it could not be reached or did not answer in time
     * @param location the {@code Location} of a redirect, else null
     * @param error why it is not a 2xx, null when it is
     */
    record Answer(Integer httpStatus, String location, String error) {

        boolean ok() {
            return httpStatus != null && httpStatus >= 200 && httpStatus < 300;
        }
    }

    private final HttpClient http;
    private final Duration timeout;

    WebhookClient(Duration timeout) {
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1).build();
    }

    Answer post(URI url, String eventId, String secret, String body, long unixSeconds) {
        HttpRequest request = HttpRequest.newBuilder(url).timeout(timeout)
                .header("Content-Type", "application/json")
                .header("User-Agent", "Junction-Webhooks/1")
                .header(WebhookSignature.EVENT_HEADER, eventId)
                .header(WebhookSignature.HEADER, WebhookSignature.header(secret, unixSeconds, body))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            HttpResponse<Void> r = http.send(request, HttpResponse.BodyHandlers.discarding());
            int status = r.statusCode();
            if (status >= 200 && status < 300) {
                return new Answer(status, null, null);
            }
            String location = r.headers().firstValue("location").orElse(null);
            return new Answer(status, location, "HTTP " + status + (location == null ? "" : " to " + location));
        } catch (HttpTimeoutException e) {
            return new Answer(null, null, "no answer within " + timeout.toMillis() + " ms");
        } catch (IOException e) {
            return new Answer(null, null, "could not connect: " + (e.getMessage() == null
                    ? e.getClass().getSimpleName() : e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(null, null, "interrupted");
        }
    }
}
