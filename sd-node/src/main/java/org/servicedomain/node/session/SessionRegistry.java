package org.servicedomain.node.session;

import java.io.IOException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's open sessions: {@code login} checks a password with the {@link UserDirectory} and hands
 * out a random session id; every request looks its caller up by that id without taking a lock.
 * A session ends at logout or after an idle time. The open sessions are saved with the node's status
 * ({@link SavedSessions}), so a restart does not log everyone out: a session reopens at start if its
 * user still exists, with the user's current level. On a member of a cluster the {@link SessionStore}
 * shares them: sessions opened at other members arrive here, a logout here ends them everywhere, and
 * new ones may be opened at a less loaded member ({@link SessionPlacement}).
 */
public final class SessionRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(SessionRegistry.class);
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(30);
    private static final int ID_BYTES = 32;

    private final UserDirectory directory;
    private final SessionStore store;
    private volatile SessionPlacement placement = SessionPlacement.HERE;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final LiveSessions sessions;
    private final SessionEnds ends = new SessionEnds();

    public SessionRegistry(UserDirectory directory, Clock clock) {
        this(directory, LocalSessionStore.INSTANCE, clock);
    }

    /** Sessions shared through {@code store}; its sessions are taken in at once. */
    public SessionRegistry(UserDirectory directory, SessionStore store, Clock clock) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.store = Objects.requireNonNull(store, "store");
        this.sessions = new LiveSessions(store.useDelay());
        this.clock = Objects.requireNonNull(clock, "clock");
        store.listen(new SessionStore.Listener() {
            @Override
            public void opened(SessionStore.SharedSession session) {
                heardOpened(session);
            }

            @Override
            public void ended(String sessionId) {
                LiveSession live = sessions.get(sessionId);
                if (live != null && !live.ending) {
                    end(sessionId, live, "ended at another member");
                }
            }
        });
    }

    /** Where new sessions are opened from now on; here until this is called. */
    public void setPlacement(SessionPlacement placement) {
        this.placement = Objects.requireNonNull(placement, "placement");
    }

    /** Whether the node saves these sessions with its status (alone), rather than a cluster keeping them. */
    public boolean savedWithStatus() {
        return store.savedWithStatus();
    }

    /** How long a session may go unused before it ends; the policy sets it, for open sessions too. */
    public void setIdleTimeout(Duration timeout) {
        sessions.setIdleTimeout(timeout);
    }

    public Duration idleTimeout() {
        return sessions.idleTimeout();
    }

    /** Hears of every session that ends from now on. */
    public void addListener(SessionListener listener) {
        ends.addListener(listener);
    }

    /** An open session as it is saved: its id, its user and when it was last used (epoch milliseconds). */
    public record OpenSession(String id, String user, long lastUsedMillis) {
    }

    /** The sessions open now, expired ones left out. */
    public List<OpenSession> open() {
        return sessions.unexpired(clock.millis(), (id, live) -> new OpenSession(id, live.caller.user(), live.lastUsedMillis));
    }

    /**
     * An open session as administrators see it (epoch milliseconds; {@code createdMillis} -1 when the
     * session was reopened after a restart). Holds the whole id: the home port decides how much to show.
     */
    public record Described(String id, String user, String userLevel, long createdMillis, long lastUsedMillis) {
    }

    /** The sessions open now with their users' levels and times, expired ones left out. */
    public List<Described> described() {
        return sessions.unexpired(clock.millis(), (id, live) ->
                new Described(id, live.caller.user(), live.caller.userLevel(), live.createdMillis, live.lastUsedMillis));
    }

    /**
     * Opens {@code saved} again, e.g. after a restart, as the user is now; false when the user no
     * longer exists or the session is open already.
     */
    public boolean reopen(OpenSession saved) {
        Optional<User> user = directory.find(saved.user());
        if (user.isEmpty() || sessions.holds(saved.id())) {
            return false;
        }
        sessions.put(saved.id(), new LiveSession(user.get().caller(saved.id()), saved.lastUsedMillis(), -1));
        return true;
    }

    /**
     * Hears, once the sessions are gone, of every end made on purpose (a logout, a change or removal of
     * the user), not of expiry: what a saved copy of the sessions must learn at once, so that a node
     * killed before its next save does not reopen them.
     */
    public void onRevocation(Runnable listener) {
        ends.onRevocation(listener);
    }

    /** Opens a session for {@code user}; a wrong name or password is a {@code NotAuthorized} fault. */
    public Session login(String user, char[] password) {
        User known = directory.authenticate(user, password);
        Optional<Session> placed = placement.elsewhere(known);
        if (placed.isPresent()) {
            LOG.info("user {} logged in at level {}; session opened at a less loaded member", known.name(), known.userLevel());
            return placed.get();
        }
        Session session = open(known);
        LOG.info("user {} logged in at level {}", known.name(), known.userLevel());
        return session;
    }

    /**
     * Opens a session here for the user named {@code user}, whose password another member has checked
     * (that member placed the session here); {@code NotAuthorized} when there is no such user.
     */
    public Session openFor(String user) {
        User known = directory.find(user).orElseThrow(() ->
                new NodeFault(FaultCode.NotAuthorized, "no user " + user + " to open a session for"));
        Session session = open(known);
        LOG.info("user {} logged in at level {} through another member", known.name(), known.userLevel());
        return session;
    }

    private Session open(User known) {
        long now = clock.millis();
        sweepIfDue(now);
        String id = store.idPrefix() + newId();
        Caller caller = known.caller(id);
        LiveSession live = new LiveSession(caller, now, now);
        live.sharedUsedMillis = now;
        try {
            store.opened(live.shared(id));
        } catch (IOException e) {
            LOG.warn("could not open a session for user {}: {}", known.name(), e.getMessage());
            throw new NodeFault(FaultCode.InternalError, "the session could not be opened: " + e.getMessage(), e);
        }
        sessions.put(id, live);
        return new Session(caller);
    }

    private void heardOpened(SessionStore.SharedSession shared) {
        LiveSession live = sessions.get(shared.id());
        if (live == null) {
            live = sessions.putIfAbsent(shared.id(), LiveSession.heard(shared));
        }
        if (live != null) {
            live.usedElsewhere(shared.lastUsedMillis());
        }
    }

    /**
     * The caller behind {@code sessionId}, marking the session used; empty when unknown or expired.
     * Waits (briefly, bounded by the store) for a session another member opened a moment ago: for the
     * home port's threads, never for the event loops, which use {@link #callerLater}.
     */
    public Optional<Caller> caller(String sessionId) {
        return Completions.joined(callerLater(sessionId));
    }

    /**
     * As {@link #caller}, without blocking: complete at once for a session held here, later for one the
     * store reads; fails with a {@code NodeFault} when the store cannot tell now.
     */
    public CompletableFuture<Optional<Caller>> callerLater(String sessionId) {
        if (sessionId == null) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        LiveSession live = sessions.get(sessionId);
        if (live != null) {
            return CompletableFuture.completedFuture(markedUsed(sessionId, live));
        }
        return heardFromStore(sessionId).thenApply(heard -> heard == null ? Optional.<Caller>empty() : markedUsed(sessionId, heard));
    }

    /** The session's caller, its use recorded (and told to the store when due); empty when it has expired. */
    private Optional<Caller> markedUsed(String sessionId, LiveSession live) {
        long now = clock.millis();
        if (sessions.expired(live, now)) {
            endEverywhere(sessionId, live, "expired");
            return Optional.empty();
        }
        if (live.lastUsedMillis < now) {
            live.lastUsedMillis = now;
        }
        long useDelayMillis = sessions.useDelayMillis();
        if (useDelayMillis > 0 && now - live.sharedUsedMillis >= useDelayMillis) {
            live.sharedUsedMillis = now;
            store.used(live.shared(sessionId));
        }
        return Optional.of(live.caller);
    }

    /** The session held here, or one the store knows that this node has not heard of yet (waiting for the store). */
    private LiveSession held(String sessionId) {
        LiveSession live = sessions.get(sessionId);
        return live != null ? live : Completions.joined(heardFromStore(sessionId));
    }

    /** The session as the store knows it, taken in here; null when the store does not know it. */
    private CompletableFuture<LiveSession> heardFromStore(String sessionId) {
        return store.find(sessionId).thenApply(found -> {
            found.ifPresent(this::heardOpened);
            return sessions.get(sessionId);
        });
    }

    /** The caller of an open session, without counting this look as a use of the session (for administrators). */
    public Optional<Caller> peek(String sessionId) {
        LiveSession live = sessionId == null ? null : sessions.get(sessionId);
        return live == null || sessions.expired(live, clock.millis()) ? Optional.empty() : Optional.of(live.caller);
    }

    /** Ends a session; false when it was unknown or had already expired. */
    public boolean logout(String sessionId) {
        LiveSession live = sessionId == null ? null : held(sessionId);
        if (live == null) {
            return false;
        }
        boolean expired = sessions.expired(live, clock.millis());
        live.ending = true;
        try {
            store.ended(sessionId);
        } catch (IOException e) {
            live.ending = false;
            LOG.warn("could not end a session of user {} in the session store, so it stays open: {}", live.caller.user(),
                    e.getMessage());
            throw new NodeFault(FaultCode.InternalError, "the session could not be ended: " + e.getMessage(), e);
        }
        boolean ended = end(sessionId, live, expired ? "expired" : "logged out") && !expired;
        if (ended) {
            ends.revoked();
        }
        return ended;
    }

    /** Ends every session of {@code user}, e.g. when the user is removed or their password changes. */
    public int endSessionsOf(String user) {
        int ended = 0;
        for (Map.Entry<String, LiveSession> e : sessions.entries()) {
            if (e.getValue().caller.user().equals(user) && endEverywhere(e.getKey(), e.getValue(), "ended for a change of user")) {
                ended++;
            }
        }
        if (ended > 0) {
            ends.revoked();
        }
        return ended;
    }

    /** Gives the open sessions of {@code user} their new level and designated providers. */
    public void refresh(User user) {
        for (Map.Entry<String, LiveSession> e : sessions.entries()) {
            if (e.getValue().caller.user().equals(user.name())) {
                e.getValue().caller = user.caller(e.getKey());
            }
        }
    }

    /** The number of sessions held, including expired ones not yet swept. */
    public int count() {
        return sessions.count();
    }

    /** Ends the session here and in the store; a store that cannot is only logged (the session ends here anyway). */
    private boolean endEverywhere(String sessionId, LiveSession live, String why) {
        live.ending = true;
        try {
            store.ended(sessionId);
        } catch (IOException e) {
            LOG.error("could not end a session of user {} in the session store ({}); other members may keep it until it expires",
                    live.caller.user(), why, e);
        }
        return end(sessionId, live, why);
    }

    /** Removes the session if it is still {@code live}; only the thread that removes it tells the listeners. */
    private boolean end(String sessionId, LiveSession live, String why) {
        if (!sessions.remove(sessionId, live)) {
            return false;
        }
        LOG.info("session of user {} {}", live.caller.user(), why);
        ends.ended(sessionId);
        return true;
    }

    /** Ends the expired sessions when a sweep is due ({@link LiveSessions#sweepDue}). */
    private void sweepIfDue(long now) {
        if (!sessions.sweepDue(now)) {
            return;
        }
        for (Map.Entry<String, LiveSession> e : sessions.entries()) {
            if (sessions.expired(e.getValue(), now)) {
                endEverywhere(e.getKey(), e.getValue(), "expired");
            }
        }
    }

    private String newId() {
        byte[] bytes = new byte[ID_BYTES];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
