package org.servicedomain.node.cluster;

import java.time.Clock;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Session ids that ZooKeeper said it does not hold, remembered for a short while so that the same
 * made-up id sent again costs ZooKeeper nothing; bounded, so that many made-up ids cost little memory.
 * Forgetting early is always safe: a forgotten id is only read again.
 */
final class AbsentSessions {

    /** How long an id found absent is refused without asking again. */
    static final Duration TTL = Duration.ofSeconds(30);
    /** How many absent ids are remembered at most. */
    static final int MAX_IDS = 10_000;

    private final Clock clock;
    private final Map<String, Long> forgottenAt = new ConcurrentHashMap<>();

    AbsentSessions(Clock clock) {
        this.clock = clock;
    }

    /** Whether {@code sessionId} was found absent less than {@link #TTL} ago. */
    boolean contains(String sessionId) {
        Long until = forgottenAt.get(sessionId);
        if (until == null) {
            return false;
        }
        if (clock.millis() < until) {
            return true;
        }
        forgottenAt.remove(sessionId, until);
        return false;
    }

    /** Remembers that ZooKeeper does not hold {@code sessionId}; when full, makes room first. */
    void add(String sessionId) {
        if (forgottenAt.size() >= MAX_IDS) {
            makeRoom();
        }
        forgottenAt.put(sessionId, clock.millis() + TTL.toMillis());
    }

    int size() {
        return forgottenAt.size();
    }

    /** Drops the expired ids, then, if still full, a tenth of the rest (whichever the map yields first). */
    private void makeRoom() {
        long now = clock.millis();
        forgottenAt.values().removeIf(until -> until <= now);
        int excess = forgottenAt.size() - MAX_IDS + MAX_IDS / 10;
        Iterator<String> ids = forgottenAt.keySet().iterator();
        while (excess-- > 0 && ids.hasNext()) {
            ids.next();
            ids.remove();
        }
    }
}
