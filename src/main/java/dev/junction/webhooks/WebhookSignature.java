package dev.junction.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code Junction-Signature} header of a delivery, as Stripe and GitHub sign theirs:
 * {@code t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>}. A receiver recomputes the HMAC over the raw
 * bytes it received and compares in constant time (README, "Verifying a delivery").
 */
public final class WebhookSignature {

    /** The header's name. */
    public static final String HEADER = "Junction-Signature";
    /** The header with the event's id (the same on every redelivery). */
    public static final String EVENT_HEADER = "Junction-Event";

    private WebhookSignature() {
    }

    /** The header value for {@code body} sent at {@code unixSeconds}. */
    public static String header(String secret, long unixSeconds, String body) {
        return "t=" + unixSeconds + ",v1=" + hmac(secret, unixSeconds + "." + body);
    }

    /**
     * Whether {@code header} signs {@code body} with {@code secret} and its time is within {@code toleranceSeconds} of
     * {@code nowSeconds}.
     */
    public static boolean verify(String secret, String header, String body, long nowSeconds, long toleranceSeconds) {
        if (header == null) {
            return false;
        }
        Long t = null;
        String v1 = null;
        for (String part : header.split(",")) {
            String[] kv = part.trim().split("=", 2);
            if (kv.length == 2 && kv[0].equals("t") && kv[1].matches("\\d{1,12}")) {
                t = Long.parseLong(kv[1]);
            } else if (kv.length == 2 && kv[0].equals("v1")) {
                v1 = kv[1];
            }
        }
        if (t == null || v1 == null || Math.abs(nowSeconds - t) > toleranceSeconds) {
            return false;
        }
        return MessageDigest.isEqual(hmac(secret, t + "." + body).getBytes(StandardCharsets.US_ASCII),
                v1.getBytes(StandardCharsets.US_ASCII));
    }

    private static String hmac(String secret, String text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HMAC-SHA256 unavailable", e);
        }
    }
}
