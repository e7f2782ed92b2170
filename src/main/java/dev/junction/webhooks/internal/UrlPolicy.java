package dev.junction.webhooks.internal;

import dev.junction.webhooks.WebhookException;
import dev.junction.webhooks.WebhookException.Reason;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * Which URLs Junction sends webhooks to (no SSRF into the operator's network): https, to a host whose every address
 * (after DNS resolution) is public; or http or https to a host of {@code junction.webhooks.allowed-hosts} (local use
 * and tests: loopback). Refused: other schemes, user info, private, loopback, link-local, unique-local, carrier-grade
 * NAT, benchmark, multicast and unspecified addresses. Checked at registration and again before every attempt (DNS
 * may have changed).
 */
final class UrlPolicy {

    /** Resolves a host name to its addresses. */
    interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** The longest URL accepted. */
    static final int MAX_LENGTH = 2048;

    private final List<String> allowedHosts;
    private final Resolver resolver;

    UrlPolicy(List<String> allowedHosts, Resolver resolver) {
        this.allowedHosts = List.copyOf(allowedHosts);
        this.resolver = resolver;
    }

    /**
     * The URL, parsed, when Junction may send to it.
     *
     * @throws WebhookException URL_REFUSED naming the rule it breaks
     */
    URI check(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw refused("url must be an absolute http(s) URL: " + e.getReason());
        }
        if (url.length() > MAX_LENGTH) {
            throw refused("url must be at most " + MAX_LENGTH + " characters");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            throw refused("url must use https (or http on a host of junction.webhooks.allowed-hosts), not '"
                    + (scheme.isEmpty() ? "no scheme" : scheme) + "'");
        }
        if (uri.getHost() == null || uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
            throw refused("url must name a host, without user info or fragment");
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (allowedHosts.contains(host) || allowedHosts.contains(bare)) {
            return uri;
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(bare);
        } catch (UnknownHostException e) {
            throw refused("url's host " + host + " does not resolve");
        }
        for (InetAddress a : addresses) {
            if (!isPublic(a)) {
                throw refused("url's host " + host + " resolves to " + a.getHostAddress() + ", a private, loopback or "
                        + "link-local address: Junction sends webhooks to public addresses only (or to a host of "
                        + "junction.webhooks.allowed-hosts)");
            }
        }
        if (!scheme.equals("https")) {
            throw refused("url must use https: http is only for the hosts of junction.webhooks.allowed-hosts, and "
                    + host + " is not one");
        }
        return uri;
    }

    /** Whether {@code a} is a public unicast address. */
    static boolean isPublic(InetAddress a) {
        if (a.isAnyLocalAddress() || a.isLoopbackAddress() || a.isLinkLocalAddress() || a.isSiteLocalAddress()
                || a.isMulticastAddress()) {
            return false;
        }
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            return first != 0 // this network
                    && !(first == 100 && second >= 64 && second < 128) // carrier-grade NAT
                    && !(first == 198 && (second == 18 || second == 19)) // benchmarking
                    && !(first == 192 && second == 0 && (b[2] & 0xff) == 0) // IETF protocol assignments
                    && first < 240; // reserved and broadcast
        }
        if (a instanceof Inet6Address) {
            if ((b[0] & 0xfe) == 0xfc) { // unique local fc00::/7
                return false;
            }
            boolean mapped = true; // ::ffff:a.b.c.d carries an IPv4 address
            for (int i = 0; i < 10; i++) {
                mapped &= b[i] == 0;
            }
            if (mapped && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
                try {
                    return isPublic(InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]}));
                } catch (UnknownHostException e) {
                    return false;
                }
            }
        }
        return true;
    }

    static WebhookException refused(String message) {
        return new WebhookException(Reason.URL_REFUSED, message, "url");
    }
}
