package org.servicedomain.node.session;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.servicedomain.node.core.Caller;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's open sessions: {@code login} checks a password with the {@link UserDirectory} and hands
 * out a random session id; every request looks its caller up by that id without taking a lock.
 * A session ends at logout or after an idle time. The open sessions are saved with the node's status
 * ({@link SavedSessions}), so a restart does not log everyone out: a session reopens at start if its
 * user still exists, with the user's current level.
 */
public final class SessionRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(SessionRegistry.class);
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(30);
    private static final int ID_BYTES = 32;
    /** Expired sessions nobody looks up are swept on login, at most this often. */
    private static final long MAX_SWEEP_INTERVAL_MILLIS = Duration.ofMinutes(1).toMillis();

    /** One open session; its last use is written by whichever request saw it last. */
    private static final class Live {
        volatile Caller caller;
        volatile long lastUsedMillis;
        /** When the session was opened, or -1 for one reopened after a restart (not kept). */
        final long createdMillis;

        Live(Caller caller, long now, long createdMillis) {
            this.caller = caller;
            this.lastUsedMillis = now;
            this.createdMillis = createdMillis;
        }
    }

    private final UserDirectory directory;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Live> sessions = new ConcurrentHashMap<>();
    private final List<SessionListener> listeners = new CopyOnWriteArrayList<>();
    private final List<Runnable> revocationListeners = new CopyOnWriteArrayList<>();
    private final AtomicLong nextSweepMillis = new AtomicLong();
    private volatile long idleTimeoutMillis = DEFAULT_IDLE_TIMEOUT.toMillis();

    public SessionRegistry(UserDirectory directory, Clock clock) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** How long a session may go unused before it ends; the policy sets it, for open sessions too. */
    public void setIdleTimeout(Duration timeout) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("idle timeout must be positive but was " + timeout);
        }
        idleTimeoutMillis = timeout.toMillis();
    }

    public Duration idleTimeout() {
        return Duration.ofMillis(idleTimeoutMillis);
    }

    /** Hears of every session that ends from now on. */
    public void addListener(SessionListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** An open session as it is saved: its id, its user and when it was last used (epoch milliseconds). */
    public record OpenSession(String id, String user, long lastUsedMillis) {
    }

    /** The sessions open now, expired ones left out. */
    public List<OpenSession> open() {
        long now = clock.millis();
        List<OpenSession> open = new ArrayList<>(sessions.size());
        sessions.forEach((id, live) -> {
            if (!expired(live, now)) {
                open.add(new OpenSession(id, live.caller.user(), live.lastUsedMillis));
            }
        });
        return open;
    }

    /**
     * An open session as administrators see it (epoch milliseconds; {@code createdMillis} -1 when the
     * session was reopened after a restart). Holds the whole id: the home port decides how much to show.
     */
    public record Described(String id, String user, String userLevel, long createdMillis, long lastUsedMillis) {
    }

    /** The sessions open now with their users' levels and times, expired ones left out. */
    public List<Described> described() {
        long now = clock.millis();
        List<Described> open = new ArrayList<>(sessions.size());
        sessions.forEach((id, live) -> {
            if (!expired(live, now)) {
                open.add(new Described(id, live.caller.user(), live.caller.userLevel(), live.createdMillis, live.lastUsedMillis));
            }
        });
        return open;
    }

    /**
     * Opens {@code saved} again, e.g. after a restart, as the user is now; false when the user no
     * longer exists or the session is open already.
     */
    public boolean reopen(OpenSession saved) {
        Optional<User> user = directory.find(saved.user());
        if (user.isEmpty() || sessions.containsKey(saved.id())) {
            return false;
        }
        sessions.put(saved.id(), new Live(user.get().caller(saved.id()), saved.lastUsedMillis(), -1));
        return true;
    }

    /**
     * Hears, once the sessions are gone, of every end made on purpose (a logout, a change or removal of
     * the user), not of expiry: what a saved copy of the sessions must learn at once, so that a node
     * killed before its next save does not reopen them.
     */
    public void onRevocation(Runnable listener) {
        revocationListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Opens a session for {@code user}; a wrong name or password is a {@code NotAuthorized} fault. */
    public Session login(String user, char[] password) {
        User known = directory.authenticate(user, password);
        long now = clock.millis();
        sweepIfDue(now);
        String id = newId();
        Caller caller = known.caller(id);
        sessions.put(id, new Live(caller, now, now));
        LOG.info("user {} logged in at level {}", known.name(), known.userLevel());
        return new Session(caller);
    }

    /** The caller behind {@code sessionId}, marking the session used; empty when unknown or expired. */
    public Optional<Caller> caller(String sessionId) {
        Live live = sessionId == null ? null : sessions.get(sessionId);
        if (live == null) {
            return Optional.empty();
        }
        long now = clock.millis();
        if (expired(live, now)) {
            end(sessionId, live, "expired");
            return Optional.empty();
        }
        if (live.lastUsedMillis < now) {
            live.lastUsedMillis = now;
        }
        return Optional.of(live.caller);
    }

    /** The caller of an open session, without counting this look as a use of the session (for administrators). */
    public Optional<Caller> peek(String sessionId) {
        Live live = sessionId == null ? null : sessions.get(sessionId);
        return live == null || expired(live, clock.millis()) ? Optional.empty() : Optional.of(live.caller);
    }

    /** Ends a session; false when it was unknown or had already expired. */
    public boolean logout(String sessionId) {
        Live live = sessionId == null ? null : sessions.get(sessionId);
        if (live == null) {
            return false;
        }
        boolean expired = expired(live, clock.millis());
        boolean ended = end(sessionId, live, expired ? "expired" : "logged out") && !expired;
        if (ended) {
            revoked();
        }
        return ended;
    }

    /** Ends every session of {@code user}, e.g. when the user is removed or their password changes. */
    public int endSessionsOf(String user) {
        int ended = 0;
        for (Map.Entry<String, Live> e : sessions.entrySet()) {
            if (e.getValue().caller.user().equals(user) && end(e.getKey(), e.getValue(), "ended for a change of user")) {
                ended++;
            }
        }
        if (ended > 0) {
            revoked();
        }
        return ended;
    }

    /** Gives the open sessions of {@code user} their new level and designated providers. */
    public void refresh(User user) {
        sessions.forEach((id, live) -> {
            if (live.caller.user().equals(user.name())) {
                live.caller = user.caller(id);
            }
        });
    }

    /** The number of sessions held, including expired ones not yet swept. */
    public int count() {
        return sessions.size();
    }

    private void revoked() {
        for (Runnable listener : revocationListeners) {
            try {
                listener.run();
            } catch (RuntimeException e) {
                LOG.error("revocation listener {} failed; the sessions ended anyway", listener, e);
            }
        }
    }

    private boolean expired(Live live, long now) {
        return now - live.lastUsedMillis > idleTimeoutMillis;
    }

    /** Removes the session if it is still {@code live}; only the thread that removes it tells the listeners. */
    private boolean end(String sessionId, Live live, String why) {
        if (!sessions.remove(sessionId, live)) {
            return false;
        }
        LOG.info("session of user {} {}", live.caller.user(), why);
        for (SessionListener l : listeners) {
            try {
                l.sessionEnded(sessionId);
            } catch (RuntimeException e) {
                LOG.error("session listener {} failed; the session ended anyway", l, e);
            }
        }
        return true;
    }

    /** Ends the expired sessions, at most once per sweep interval, so that logins stay cheap. */
    private void sweepIfDue(long now) {
        long due = nextSweepMillis.get();
        long interval = Math.min(idleTimeoutMillis, MAX_SWEEP_INTERVAL_MILLIS);
        if (now < due || !nextSweepMillis.compareAndSet(due, now + interval)) {
            return;
        }
        sessions.forEach((id, live) -> {
            if (expired(live, now)) {
                end(id, live, "expired");
            }
        });
    }

    private String newId() {
        byte[] bytes = new byte[ID_BYTES];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
