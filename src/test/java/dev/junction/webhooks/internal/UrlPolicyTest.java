package dev.junction.webhooks.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.webhooks.WebhookException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which URLs webhooks may use: no SSRF into the operator's network, after DNS resolution. */
class UrlPolicyTest {

    /** Names resolved as a DNS server would, literal addresses as the JDK parses them. */
    static final Map<String, String> DNS = Map.of("hooks.example", "93.184.216.34", "intranet.example", "10.20.30.40",
            "rebind.example", "169.254.169.254", "v6.example", "2606:4700::1111", "ula.example", "fd00::1");

    static InetAddress[] resolve(String host) throws UnknownHostException {
        String ip = DNS.get(host);
        if (ip != null) {
            return new InetAddress[] {InetAddress.getByName(ip)};
        }
        if (host.matches("[0-9.]+|.*:.*")) {
            return new InetAddress[] {InetAddress.getByName(host)};
        }
        throw new UnknownHostException(host);
    }

    final UrlPolicy policy = new UrlPolicy(List.of("127.0.0.1", "receiver.local"), UrlPolicyTest::resolve);

    @Test
    void httpsToPublicAddressesAndTheAllowedHostsPass() {
        assertThat(policy.check("https://hooks.example/junction?x=1").getHost()).isEqualTo("hooks.example");
        assertThat(policy.check("https://v6.example/h")).isNotNull();
        assertThat(policy.check("https://93.184.216.34:8443/h")).isNotNull();
        assertThat(policy.check("http://127.0.0.1:9000/h")).isNotNull();
        assertThat(policy.check("http://RECEIVER.local/h")).isNotNull();
    }

    @Test
    void privateLoopbackLinkLocalAndOtherSpecialAddressesAreRefused() {
        for (String url : List.of("https://intranet.example/h", "https://rebind.example/latest/meta-data",
                "https://10.0.0.1/h", "https://172.16.5.4/h", "https://192.168.1.1/h", "https://127.0.0.2/h",
                "https://0.0.0.0/h", "https://100.64.1.1/h", "https://198.18.0.1/h", "https://224.0.0.1/h",
                "https://[::1]/h", "https://[fe80::1]/h", "https://ula.example/h", "https://[::ffff:10.0.0.1]/h")) {
            assertThatThrownBy(() -> policy.check(url)).as(url).isInstanceOf(WebhookException.class)
                    .hasMessageContaining("private, loopback or link-local")
                    .satisfies(e -> assertThat(((WebhookException) e).reason())
                            .isEqualTo(WebhookException.Reason.URL_REFUSED));
        }
    }

    @Test
    void otherSchemesPlainHttpUnresolvableHostsAndUserInfoAreRefused() {
        assertThatThrownBy(() -> policy.check("ftp://hooks.example/h")).hasMessageContaining("not 'ftp'");
        assertThatThrownBy(() -> policy.check("file:///etc/passwd")).hasMessageContaining("not 'file'");
        assertThatThrownBy(() -> policy.check("hooks.example/h")).hasMessageContaining("no scheme");
        assertThatThrownBy(() -> policy.check("http://hooks.example/h")).hasMessageContaining("must use https");
        assertThatThrownBy(() -> policy.check("https://nowhere.example/h")).hasMessageContaining("does not resolve");
        assertThatThrownBy(() -> policy.check("https://user:pw@hooks.example/h")).hasMessageContaining("user info");
        assertThatThrownBy(() -> policy.check("https://hooks.example/" + "a".repeat(2048)))
                .hasMessageContaining("at most 2048");
    }

    @Test
    void anAllowedHostIsMatchedExactly() {
        assertThatThrownBy(() -> policy.check("http://127.0.0.1.nip.example/h")).isInstanceOf(WebhookException.class);
        assertThatThrownBy(() -> policy.check("https://127.0.0.2/h")).isInstanceOf(WebhookException.class);
    }
}
