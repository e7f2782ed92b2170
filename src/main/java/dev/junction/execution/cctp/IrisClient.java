package dev.junction.execution.cctp;

import dev.junction.chain.Bytes32;
import dev.junction.chain.Hex;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Locale;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Circle's attestation service (Iris) V1: {@code GET {base}/v1/attestations/{0x keccak256(message)}}. 200 with
 * {@code status} {@code complete} and the attestation (65-byte signatures, concatenated), or
 * {@code pending_confirmations} while Circle waits for the source chain's finality; 404 before Iris saw the message.
 * Anything else (5xx, a timeout, an answer it cannot read) is an {@link IrisException}: the redeemer, a background
 * job, tries again later.
 */
final class IrisClient {

    /** What Iris says of one message. */
    sealed interface Attestation {
    }

    /** Attested: the bytes {@code receiveMessage} takes. */
    record Complete(byte[] signatures) implements Attestation {
        Complete {
            if (signatures.length == 0 || signatures.length % 65 != 0) {
                throw new IllegalArgumentException("an attestation is 65-byte signatures, not " + signatures.length
                        + " bytes");
            }
            signatures = signatures.clone();
        }

        @Override
        public byte[] signatures() {
            return signatures.clone();
        }
    }

    /** Seen, waiting for the source chain's confirmations. */
    record Pending() implements Attestation {
    }

    /** Not seen yet (404). */
    record NotFound() implements Attestation {
    }

    /** Iris did not answer as documented; retry later. */
    static final class IrisException extends RuntimeException {
        IrisException(String message) {
            super(message);
        }
    }

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final URI base;
    private final Duration timeout;
    private final HttpClient http;

    /**
     * @param base e.g. {@code https://iris-api.circle.com} (a trailing slash is ignored)
     * @param timeout connect and request timeout
     */
    IrisClient(URI base, Duration timeout) {
        String b = base.toString();
        this.base = URI.create(b.endsWith("/") ? b.substring(0, b.length() - 1) : b);
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NORMAL)
                .version(HttpClient.Version.HTTP_1_1).build();
    }

    URI base() {
        return base;
    }

    /**
     * The attestation of the message with this keccak256.
     *
     * @throws IrisException when Iris cannot be reached, times out, or answers something else
     */
    Attestation attestation(Bytes32 messageHash) {
        URI url = URI.create(base + "/v1/attestations/" + messageHash.value());
        HttpRequest request = HttpRequest.newBuilder(url).timeout(timeout).header("Accept", "application/json")
                .header("User-Agent", "Junction-CctpRedeemer/1").GET().build();
        HttpResponse<String> r;
        try {
            r = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            throw new IrisException("Iris did not answer " + url + " within " + timeout.toMillis() + " ms");
        } catch (IOException e) {
            throw new IrisException("Iris could not be reached at " + url + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IrisException("interrupted while asking Iris " + url);
        }
        if (r.statusCode() == 404) {
            return new NotFound();
        }
        if (r.statusCode() != 200) {
            throw new IrisException("Iris answered HTTP " + r.statusCode() + " to " + url + ": " + clip(r.body()));
        }
        try {
            JsonNode body = JSON.readTree(r.body());
            String status = body.path("status").asString("").toLowerCase(Locale.ROOT);
            String attestation = body.path("attestation").asString("");
            if ("complete".equals(status) && Hex.isHex(attestation)) {
                return new Complete(Hex.decode(attestation));
            }
            if (status.startsWith("pending")) {
                return new Pending();
            }
            throw new IrisException("Iris answered " + url + " with status " + status + ": " + clip(r.body()));
        } catch (JacksonException | IllegalArgumentException e) {
            throw new IrisException("Iris's answer to " + url + " cannot be read (" + e.getMessage() + "): "
                    + clip(r.body()));
        }
    }

    private static String clip(String body) {
        return body == null ? "" : body.length() > 200 ? body.substring(0, 200) + "..." : body;
    }
}
