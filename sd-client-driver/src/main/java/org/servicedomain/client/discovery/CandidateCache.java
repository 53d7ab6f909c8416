package org.servicedomain.client.discovery;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import javax.xml.namespace.QName;

/**
 * What discovery found for a port type and scopes, shared by the clients that look for the same:
 * a new client starts from a fresh entry instead of probing, and every client writes back what it
 * learns (probe answers, Hellos, Byes, failures). Bounded (least recently used entries go first)
 * and each entry expires a fixed time after it was written.
 */
public final class CandidateCache {

    private static final CandidateCache SHARED = new CandidateCache(256, Duration.ofSeconds(60), System::nanoTime);

    /** The port type and scopes looked for, and where (the probe's network, proxies and version). */
    public record Key(QName portType, List<String> scopes, String where) {
        public Key {
            scopes = List.copyOf(scopes);
        }
    }

    private record Entry(List<Target> targets, long writtenAt) {
    }

    private final int maxEntries;
    private final long ttlNanos;
    private final LongSupplier clock;
    private final Map<Key, Entry> entries;

    /**
     * @param maxEntries the most keys kept
     * @param ttl how long an entry is used after it was written
     * @param clock nanoseconds, as {@link System#nanoTime()}
     */
    public CandidateCache(int maxEntries, Duration ttl, LongSupplier clock) {
        if (maxEntries < 1 || ttl.isNegative()) {
            throw new IllegalArgumentException("a cache needs room for one entry and a non-negative expiry");
        }
        this.maxEntries = maxEntries;
        this.ttlNanos = ttl.toNanos();
        this.clock = clock;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Entry> eldest) {
                return size() > CandidateCache.this.maxEntries;
            }
        };
    }

    /** The cache clients share unless given another: 256 entries, 60 seconds. */
    public static CandidateCache shared() {
        return SHARED;
    }

    /** The targets last written for {@code key}, unless expired. */
    public synchronized Optional<List<Target>> get(Key key) {
        Entry entry = entries.get(key);
        if (entry == null) {
            return Optional.empty();
        }
        if (clock.getAsLong() - entry.writtenAt() > ttlNanos) {
            entries.remove(key);
            return Optional.empty();
        }
        return Optional.of(entry.targets());
    }

    public synchronized void put(Key key, List<Target> targets) {
        entries.put(key, new Entry(List.copyOf(targets), clock.getAsLong()));
    }

    public synchronized int size() {
        return entries.size();
    }
}
