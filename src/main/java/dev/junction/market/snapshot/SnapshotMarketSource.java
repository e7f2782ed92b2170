package dev.junction.market.snapshot;

import dev.junction.market.MarketDataException;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.MarketSource;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The embedded (or a replacement) market snapshot: a manifest ({@code snapshot.json}) naming five data files beside it
 * (chains, tokens, providers, pools, lanes). Each file is checked against {@code market/market.schema.json}, then
 * against the rules that span entries and files ({@link SnapshotParser}). Any problem stops the load with a
 * {@link MarketDataException} naming the file, the entry and the field.
 */
public final class SnapshotMarketSource implements MarketSource {

    /** The embedded snapshot's manifest. */
    public static final String DEFAULT_LOCATION = "classpath:market/snapshot.json";
    private static final String SCHEMA = "classpath:market/market.schema.json";
    private static final Logger log = LoggerFactory.getLogger(SnapshotMarketSource.class);
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private final String location;
    private final ResourceLoader resources = new DefaultResourceLoader();
    private final JsonMapper json = JsonMapper.builder().build();

    /**
     * @param location Spring resource location of the manifest, e.g. {@code classpath:market/snapshot.json} or
     *        {@code file:/etc/junction/market/snapshot.json}; the data files are resolved relative to it
     */
    public SnapshotMarketSource(String location) {
        this.location = location;
    }

    @Override
    public MarketSnapshot load() {
        long started = System.nanoTime();
        long cpuStarted = CPU.getCurrentThreadCpuTime();
        JsonSchema schema = new JsonSchema(read(resources.getResource(SCHEMA), SCHEMA));
        Resource manifestResource = resources.getResource(location);
        String manifestName = name(manifestResource, location);
        JsonNode manifest = read(manifestResource, manifestName);
        Problems problems = new Problems();
        report(problems, manifestName, manifest, schema.validate(manifest, "manifest"));
        problems.throwIfAny();

        Map<String, JsonNode> docs = new LinkedHashMap<>();
        Map<String, String> names = new LinkedHashMap<>();
        for (String part : List.of("chains", "tokens", "providers", "pools", "lanes")) {
            String file = manifest.get("files").get(part).asString();
            Resource r = relative(manifestResource, file);
            String name = name(r, file);
            JsonNode doc = read(r, name);
            report(problems, name, doc, schema.validate(doc, part + "File"));
            docs.put(part, doc);
            names.put(part, name);
        }
        problems.throwIfAny();
        MarketSnapshot snapshot = new SnapshotParser(names, problems).parse(docs);
        problems.throwIfAny();
        log.info("market snapshot {} (data version {}, as of {}) loaded in {} ms ({} ms CPU): {} chains, {} tokens, "
                + "{} pools, {} lanes", manifestName, manifest.get("dataVersion").asString(),
                manifest.get("asOf").asString(), (System.nanoTime() - started) / 1_000_000,
                (CPU.getCurrentThreadCpuTime() - cpuStarted) / 1_000_000, snapshot.chains().size(),
                snapshot.tokens().size(), snapshot.pools().size(), snapshot.lanes().size());
        return snapshot;
    }

    private JsonNode read(Resource r, String name) {
        if (!r.exists()) {
            throw new MarketDataException(name + ": file not found");
        }
        try (InputStream in = r.getInputStream()) {
            return json.readTree(in);
        } catch (JacksonException e) {
            throw new MarketDataException(name + ": not valid JSON: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new MarketDataException(name + ": cannot be read: " + e.getMessage(), e);
        }
    }

    private static Resource relative(Resource base, String file) {
        try {
            return base.createRelative(file);
        } catch (IOException e) {
            throw new MarketDataException(file + ": cannot be resolved next to the manifest: " + e.getMessage(), e);
        }
    }

    /** A short name for messages: the path below the classpath root or the file path. */
    private static String name(Resource r, String fallback) {
        try {
            if (r instanceof ClassPathResource c) {
                return c.getPath();
            }
            return r.getURI().getPath() == null ? fallback : r.getURI().getPath();
        } catch (IOException e) {
            return fallback;
        }
    }

    private static void report(Problems problems, String file, JsonNode doc, List<JsonSchema.Violation> violations) {
        for (JsonSchema.Violation v : violations) {
            String path = v.path();
            int close = path.indexOf(']');
            if (close < 0) {
                problems.add(file, "the document", null, path.isEmpty() ? "(root)" : path, v.message());
            } else {
                String entry = path.substring(0, close + 1);
                String field = close + 1 < path.length() ? path.substring(close + 2) : "(entry)";
                int open = entry.indexOf('[');
                JsonNode node = doc.path(entry.substring(0, open)).path(Integer.parseInt(entry.substring(open + 1, close)));
                problems.add(file, entry, SnapshotParser.label(node), field, v.message());
            }
        }
    }
}
