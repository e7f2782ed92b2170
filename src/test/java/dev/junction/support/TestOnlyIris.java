package dev.junction.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.nodes.JsonRpcClient;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import tools.jackson.databind.JsonNode;

/**
 * TEST ONLY: Circle's attestation service (Iris V1) for local chains. {@code GET /v1/attestations/{0x hash}} answers
 * 404 until a {@code MessageSent} log of one of the given MessageTransmitters carries a message with that keccak256,
 * {@code pending_confirmations} the first time it is found (as Iris does while it waits for finality), then
 * {@code complete} with the attestation: {@code keccak256(message)} signed by each attester key (65 bytes r || s || v,
 * signers sorted by address, ascending), what the MessageTransmitter's {@code receiveMessage} checks. Never used by
 * the product.
 */
public final class TestOnlyIris implements AutoCloseable {

    static final Bytes32 MESSAGE_SENT = Abi.topic("MessageSent(bytes)");

    /** A chain to search: its node and its MessageTransmitter. */
    public record Source(JsonRpcClient rpc, Address transmitter) {
    }

    private final List<Source> sources;
    private final List<Credentials> attesters;
    private final HttpServer server;
    private final Map<Bytes32, byte[]> found = new ConcurrentHashMap<>();
    private final Set<Bytes32> answeredPending = ConcurrentHashMap.newKeySet();
    private final Map<Integer, Long> scannedTo = new ConcurrentHashMap<>();
    private final AtomicInteger requests = new AtomicInteger();

    private TestOnlyIris(List<Source> sources, List<Credentials> attesters) throws IOException {
        this.sources = List.copyOf(sources);
        this.attesters = attesters.stream()
                .sorted(Comparator.comparing(c -> new BigInteger(c.getAddress().substring(2), 16))).toList();
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/attestations/", this::answer);
        server.start();
    }

    /** Starts an Iris on a free loopback port over these chains, signing with these attester keys (hex). */
    public static TestOnlyIris start(List<Source> sources, List<String> attesterKeys) throws IOException {
        return new TestOnlyIris(sources, attesterKeys.stream().map(Credentials::create).toList());
    }

    /** Its base URL ({@code junction.cctp.attestation-url}). */
    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Requests answered so far. */
    public int requests() {
        return requests.get();
    }

    /** The attestation of a message: each attester's signature of keccak256(message), in the attesters' order. */
    public byte[] attest(byte[] message) {
        byte[] digest = Abi.keccak(message);
        byte[] out = new byte[65 * attesters.size()];
        for (int i = 0; i < attesters.size(); i++) {
            Sign.SignatureData s = Sign.signMessage(digest, attesters.get(i).getEcKeyPair(), false);
            System.arraycopy(s.getR(), 0, out, 65 * i, 32);
            System.arraycopy(s.getS(), 0, out, 65 * i + 32, 32);
            out[65 * i + 64] = s.getV()[0];
        }
        return out;
    }

    /** The attesters' addresses, in signing order. */
    public List<Address> attesterAddresses() {
        return attesters.stream().map(c -> Address.evm(Keys.toChecksumAddress(c.getAddress()))).toList();
    }

    private void answer(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        String path = exchange.getRequestURI().getPath();
        String hash = path.substring(path.lastIndexOf('/') + 1);
        try {
            if (!"GET".equals(exchange.getRequestMethod()) || !Bytes32.isBytes32(hash)) {
                respond(exchange, 400, "{\"error\":\"Invalid message hash\"}");
                return;
            }
            Bytes32 key = Bytes32.of(hash);
            byte[] message = found.get(key);
            if (message == null) {
                scan();
                message = found.get(key);
            }
            if (message == null) {
                respond(exchange, 404, "{\"error\":\"Message hash not found\"}");
            } else if (answeredPending.add(key)) {
                respond(exchange, 200, "{\"attestation\":\"PENDING\",\"status\":\"pending_confirmations\"}");
            } else {
                respond(exchange, 200, "{\"attestation\":\"" + Hex.encode(attest(message))
                        + "\",\"status\":\"complete\"}");
            }
        } catch (RuntimeException e) {
            respond(exchange, 500, "{\"error\":\"" + e.getClass().getSimpleName() + "\"}");
        }
    }

    /** Reads new MessageSent logs of every source. */
    private synchronized void scan() {
        for (int i = 0; i < sources.size(); i++) {
            Source s = sources.get(i);
            long head = new BigInteger(s.rpc().call("eth_blockNumber").asString().substring(2), 16).longValueExact();
            long from = scannedTo.getOrDefault(i, -1L) + 1;
            if (from > head) {
                continue;
            }
            Map<String, Object> filter = new LinkedHashMap<>();
            filter.put("address", s.transmitter().lower());
            filter.put("fromBlock", "0x" + Long.toHexString(from));
            filter.put("toBlock", "0x" + Long.toHexString(head));
            filter.put("topics", List.of(MESSAGE_SENT.value()));
            JsonNode logs = s.rpc().call("eth_getLogs", filter);
            for (JsonNode l : logs) {
                byte[] message = Hex.decode(AbiDecoder.bytes(l.path("data").asString(), 0));
                found.put(Bytes32.of(Abi.keccak(message)), message);
            }
            scannedTo.put(i, head);
        }
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
