package org.servicedomain.node.session;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;

/**
 * The sessions this node holds, by id, looked up without a lock, and when they expire: a session
 * expires once unused for the idle timeout plus the store's delay in telling uses (another member's
 * use may reach this node that late).
 */
final class LiveSessions {

    /** Expired sessions nobody looks up are swept on login, at most this often. */
    private static final long MAX_SWEEP_INTERVAL_MILLIS = Duration.ofMinutes(1).toMillis();

    private final Map<String, LiveSession> byId = new ConcurrentHashMap<>();
    private final long useDelayMillis;
    private final AtomicLong nextSweepMillis = new AtomicLong();
    private volatile long idleTimeoutMillis = SessionRegistry.DEFAULT_IDLE_TIMEOUT.toMillis();

    LiveSessions(Duration useDelay) {
        this.useDelayMillis = useDelay.toMillis();
    }

    void setIdleTimeout(Duration timeout) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("idle timeout must be positive but was " + timeout);
        }
        idleTimeoutMillis = timeout.toMillis();
    }

    Duration idleTimeout() {
        return Duration.ofMillis(idleTimeoutMillis);
    }

    /** How long after a use the store may be told of it; 0 when there is no store to tell. */
    long useDelayMillis() {
        return useDelayMillis;
    }

    LiveSession get(String id) {
        return byId.get(id);
    }

    boolean holds(String id) {
        return byId.containsKey(id);
    }

    void put(String id, LiveSession live) {
        byId.put(id, live);
    }

    /** The session held under {@code id} already, or null when {@code live} is now held under it. */
    LiveSession putIfAbsent(String id, LiveSession live) {
        return byId.putIfAbsent(id, live);
    }

    /** Removes the session if it is still {@code live}: true for the one caller that removed it. */
    boolean remove(String id, LiveSession live) {
        return byId.remove(id, live);
    }

    int count() {
        return byId.size();
    }

    boolean expired(LiveSession live, long now) {
        return now - live.lastUsedMillis > idleTimeoutMillis + useDelayMillis;
    }

    /** Each session not expired at {@code now}, as {@code view} shows it. */
    <T> List<T> unexpired(long now, BiFunction<String, LiveSession, T> view) {
        List<T> open = new ArrayList<>(byId.size());
        byId.forEach((id, live) -> {
            if (!expired(live, now)) {
                open.add(view.apply(id, live));
            }
        });
        return open;
    }

    /** The sessions held, expired ones not yet swept included; a view that other threads may change meanwhile. */
    Iterable<Map.Entry<String, LiveSession>> entries() {
        return byId.entrySet();
    }

    /**
     * Whether the expired sessions are to be swept at {@code now}: true for one caller at most once per
     * idle timeout or minute, whichever is shorter, so that logins stay cheap.
     */
    boolean sweepDue(long now) {
        long due = nextSweepMillis.get();
        long interval = Math.min(idleTimeoutMillis, MAX_SWEEP_INTERVAL_MILLIS);
        return now >= due && nextSweepMillis.compareAndSet(due, now + interval);
    }
}
