package dev.junction.api.quote;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds every answered quote: in memory first (Caffeine, for the quote's lifetime plus a margin) and written behind to
 * the database in batches by one background thread, so {@code /quote} never waits for an insert. A lookup by quoteId or
 * pathId consults the memory, then the quotes still waiting to be written, then the database: a quote is findable from
 * the moment {@link #save} returns, on this instance at once and on others as soon as its batch commits (normally
 * within milliseconds). {@link #flush()} writes everything pending (used at shutdown and by tests).
 */
public class QuoteStore implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(QuoteStore.class);
    private static final int BATCH = 256;
    /** Quotes held in memory by default: about 150 MB at most, well inside a 512 MB heap. */
    public static final int DEFAULT_CACHE_SIZE = 10_000;

    private final QuoteRepository repository;
    private final Cache<String, StoredQuote> byQuoteId;
    private final Cache<String, String> quoteIdByPath;
    private final Map<String, StoredQuote> pending = new ConcurrentHashMap<>();
    private final BlockingQueue<StoredQuote> queue = new LinkedBlockingQueue<>();
    private final Thread writer;
    private volatile boolean running = true;

    public QuoteStore(QuoteRepository repository, Duration ttl) {
        this(repository, ttl, DEFAULT_CACHE_SIZE);
    }

    /**
     * @param ttl quote lifetime; quotes stay in memory for ttl + 5 minutes at most
     * @param cacheSize most quotes held in memory (about 15 KB each with their plans); older ones are read back from
     *                  the database
     */
    public QuoteStore(QuoteRepository repository, Duration ttl, int cacheSize) {
        this.repository = repository;
        Duration keep = ttl.plus(Duration.ofMinutes(5));
        this.byQuoteId = Caffeine.newBuilder().expireAfterWrite(keep).maximumSize(cacheSize).build();
        this.quoteIdByPath = Caffeine.newBuilder().expireAfterWrite(keep).maximumSize(cacheSize * 5L).build();
        this.writer = Thread.ofPlatform().daemon().name("quote-writer").start(this::writeLoop);
    }

    /** Makes the quote findable at once and queues it for the database. */
    public void save(StoredQuote quote) {
        byQuoteId.put(quote.quoteId(), quote);
        for (StoredQuote.Route r : quote.routes()) {
            quoteIdByPath.put(r.pathId(), quote.quoteId());
        }
        pending.put(quote.quoteId(), quote);
        queue.add(quote);
    }

    public Optional<StoredQuote> byQuoteId(String quoteId) {
        StoredQuote q = byQuoteId.getIfPresent(quoteId);
        if (q == null) {
            q = pending.get(quoteId);
        }
        return q != null ? Optional.of(q) : repository.findByQuoteId(quoteId);
    }

    /** The quote holding the route with this pathId. */
    public Optional<StoredQuote> byPathId(String pathId) {
        String quoteId = quoteIdByPath.getIfPresent(pathId);
        if (quoteId == null) {
            for (StoredQuote q : pending.values()) {
                if (q.route(pathId).isPresent()) {
                    return Optional.of(q);
                }
            }
            return repository.quoteIdOfPath(pathId).flatMap(repository::findByQuoteId);
        }
        return byQuoteId(quoteId);
    }

    /** Writes every quote queued so far; returns when they are committed. */
    public synchronized void flush() {
        List<StoredQuote> batch = new ArrayList<>();
        queue.drainTo(batch);
        write(batch);
    }

    @Override
    public void close() {
        running = false;
        writer.interrupt();
        try {
            writer.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        flush();
    }

    private void writeLoop() {
        while (running) {
            try {
                StoredQuote first = queue.poll(1, TimeUnit.SECONDS);
                if (first == null) {
                    continue;
                }
                synchronized (this) {
                    List<StoredQuote> batch = new ArrayList<>();
                    batch.add(first);
                    queue.drainTo(batch, BATCH - 1);
                    write(batch);
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                log.error("writing quotes failed; they stay in memory for their lifetime", e);
            }
        }
    }

    private void write(List<StoredQuote> batch) {
        if (batch.isEmpty()) {
            return;
        }
        try {
            repository.insertAll(batch);
        } finally {
            for (StoredQuote q : batch) {
                pending.remove(q.quoteId());
            }
        }
    }
}
