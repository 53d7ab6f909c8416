package org.servicedomain.client.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class CandidateCacheTest {

    private static final QName QUOTE = new QName("urn:q", "Quote");
    private final AtomicLong now = new AtomicLong();
    private final Target a = new Target("urn:uuid:a", List.of(QUOTE), List.of(), List.of("http://a"), 1);

    private static CandidateCache.Key key(String where) {
        return new CandidateCache.Key(QUOTE, List.of(), where);
    }

    @Test
    void anEntryIsSeenByEveryoneAskingForTheSameTypeScopesAndNetworkUntilItExpires() {
        CandidateCache cache = new CandidateCache(4, Duration.ofSeconds(10), now::get);
        cache.put(key("lo:3702"), List.of(a));

        assertThat(cache.get(key("lo:3702"))).contains(List.of(a));
        assertThat(cache.get(key("lo:4000"))).as("another network").isEmpty();
        assertThat(cache.get(new CandidateCache.Key(QUOTE, List.of("http://example.org/sales"), "lo:3702")))
                .as("other scopes").isEmpty();

        now.addAndGet(Duration.ofSeconds(11).toNanos());
        assertThat(cache.get(key("lo:3702"))).isEmpty();
        assertThat(cache.size()).isZero();
    }

    @Test
    void theLeastRecentlyUsedEntryGoesWhenItIsFull() {
        CandidateCache cache = new CandidateCache(2, Duration.ofSeconds(10), now::get);
        cache.put(key("one"), List.of(a));
        cache.put(key("two"), List.of(a));
        cache.get(key("one"));

        cache.put(key("three"), List.of(a));

        assertThat(cache.size()).isEqualTo(2);
        assertThat(cache.get(key("two"))).isEmpty();
        assertThat(cache.get(key("one"))).isPresent();
    }
}
