package org.servicedomain.node.session;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.servicedomain.node.core.LogText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts failed logins in a row per user name and per source address and says how long the next
 * attempt must wait: nothing for the first few, then a backoff that doubles up to a maximum. A
 * success clears its user name; an address is forgotten some time after its last failure.
 */
final class LoginThrottle {

    private static final Logger LOG = LoggerFactory.getLogger(LoginThrottle.class);

    private record Failures(int count, long lastMillis) {
    }

    private final LoginLimits limits;
    private final Clock clock;
    private final Map<String, Failures> users = new ConcurrentHashMap<>();
    private final Map<String, Failures> sources = new ConcurrentHashMap<>();

    LoginThrottle(LoginLimits limits, Clock clock) {
        this.limits = limits;
        this.clock = clock;
    }

    /** How long a login for {@code user} from {@code source} must still wait; zero when it may go ahead. */
    Duration waitFor(String user, String source) {
        long now = clock.millis();
        long wait = Math.max(waitMillis(users, user, limits.freeFailuresPerUser(), now),
                waitMillis(sources, source, limits.freeFailuresPerSource(), now));
        return Duration.ofMillis(wait);
    }

    void failed(String user, String source) {
        long now = clock.millis();
        int forUser = count(users, user, now);
        int fromSource = count(sources, source, now);
        if (isWorthALine(forUser, limits.freeFailuresPerUser()) || isWorthALine(fromSource, limits.freeFailuresPerSource())) {
            LOG.warn("repeated failed logins: {} in a row for user {}, {} from address {}; further attempts wait",
                    forUser, LogText.of(user), fromSource, LogText.of(source));
        }
    }

    void succeeded(String user) {
        users.remove(key(user));
    }

    private long waitMillis(Map<String, Failures> map, String key, int free, long now) {
        Failures failures = map.get(key(key));
        if (failures == null || failures.count() < free) {
            return 0;
        }
        int over = Math.min(failures.count() - free, 30);
        long backoff = Math.min(limits.maxBackoff().toMillis(), limits.firstBackoff().toMillis() << over);
        return Math.max(0, failures.lastMillis() + backoff - now);
    }

    private int count(Map<String, Failures> map, String key, long now) {
        if (map.size() >= limits.maxTracked() && !map.containsKey(key(key))) {
            sweep(map, now);
            if (map.size() >= limits.maxTracked()) {
                return 0;
            }
        }
        Failures next = map.compute(key(key), (k, old) -> old == null || isForgotten(old, now)
                ? new Failures(1, now) : new Failures(old.count() + 1, now));
        return next.count();
    }

    private void sweep(Map<String, Failures> map, long now) {
        map.values().removeIf(f -> isForgotten(f, now));
    }

    private boolean isForgotten(Failures failures, long now) {
        return now - failures.lastMillis() > limits.forgetAfter().toMillis();
    }

    /** The first throttled failure, and every doubling after it. */
    private static boolean isWorthALine(int count, int free) {
        return count >= free && Integer.bitCount(count / free) == 1 && count % free == 0;
    }

    private static String key(String value) {
        return value == null ? "" : value;
    }
}
