package dev.junction.bench;

import com.sun.management.ThreadMXBean;
import dev.junction.api.Envelope;
import dev.junction.api.RequestFixtures;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.snapshot.SnapshotMarketSource;
import dev.junction.quote.QuoteService;
import dev.junction.quote.QuoteStore;
import dev.junction.quote.QuoteViews;
import dev.junction.quote.StoredQuote;
import dev.junction.routing.RoutePlanner;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import tools.jackson.core.JsonEncoding;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * The CPU time and allocated bytes of writing one real {@code /quote} answer (native ETH on Ethereum to USDC on
 * Arbitrum on the embedded snapshot, five routes, about 22 KB) the way Spring's Jackson converter writes it: an
 * {@link ObjectWriter} onto a UTF-8 byte generator over the response stream. CPU time rather than wall time, because on
 * a shared machine a thread's wall time includes waiting for a core. Prints each batch and the median.
 * Run: {@code java -cp <bench classpath> dev.junction.bench.QuoteJsonCpu [batches] [writes per batch]}.
 */
public final class QuoteJsonCpu {

    private static final String QUERY = "fromChain=1&toChain=42161&fromToken=0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE"
            + "&toToken=0xaf88d065e77c8cC2239327C5EDb3A432268e5831&amount=300000000000000000"
            + "&sender=0x1111111111111111111111111111111111111111";

    private QuoteJsonCpu() {
    }

    public static void main(String[] args) {
        int batches = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int perBatch = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        MarketSnapshot snapshot = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();
        QuoteService service = new QuoteService(() -> snapshot, new RoutePlanner(),
                new QuoteStore(null, Duration.ofSeconds(60)) {
                    @Override
                    public void save(StoredQuote quote) {
                    }
                }, Clock.systemUTC(), Duration.ofSeconds(60));
        Envelope<List<QuoteViews.RouteView>> answer = Envelope.ok(service.quote(RequestFixtures.quote(snapshot, QUERY)));
        ObjectWriter writer = JsonMapper.builder().build().writer();
        ByteArrayOutputStream body = new ByteArrayOutputStream(32 * 1024);
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long size = write(writer, answer, body);
        for (int i = 0; i < 3 * perBatch; i++) { // warm-up: the JIT compiles the serializers
            write(writer, answer, body);
        }
        double[] us = new double[batches];
        double[] kb = new double[batches];
        for (int b = 0; b < batches; b++) {
            long cpu = threads.getCurrentThreadCpuTime();
            long allocated = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < perBatch; i++) {
                write(writer, answer, body);
            }
            us[b] = (threads.getCurrentThreadCpuTime() - cpu) / 1_000.0 / perBatch;
            kb[b] = (threads.getCurrentThreadAllocatedBytes() - allocated) / 1_024.0 / perBatch;
            System.out.printf("batch %d: %.2f us CPU, %.2f KB allocated per write%n", b + 1, us[b], kb[b]);
        }
        Arrays.sort(us);
        Arrays.sort(kb);
        System.out.printf("median %.2f us CPU (min %.2f, max %.2f), %.2f KB allocated per write of %d routes, %d bytes%n",
                us[batches / 2], us[0], us[batches - 1], kb[batches / 2], answer.data().size(), size);
    }

    private static long write(ObjectWriter writer, Object value, ByteArrayOutputStream body) {
        body.reset();
        try (JsonGenerator g = writer.createGenerator(body, JsonEncoding.UTF8)) {
            writer.writeValue(g, value);
        }
        return body.size();
    }
}
