package org.servicedomain.node.session;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.FailureKind;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestListener;

/**
 * The recent activity of each session for {@code getServiceInfo}: its last dispatches (instance,
 * operation, outcome), at most {@code maxEntries} per session and {@code maxSessions} sessions.
 * Each session's list has its own lock; a session's activity goes when the session ends.
 */
public final class SessionActivity implements RequestListener, SessionListener {

    public static final int DEFAULT_MAX_ENTRIES = 20;
    public static final int DEFAULT_MAX_SESSIONS = 10_000;

    /** One dispatch of a session; {@code outcome} is {@code answered}, {@code soap_fault} or a failure kind. */
    public record Entry(Instant time, String virtualPort, String operation, String instanceId, String outcome) {
    }

    /** A session's user and its last dispatches, oldest first. */
    public record Activity(String user, List<Entry> entries) {
    }

    private static final class Log {
        final String user;
        final ArrayDeque<Entry> entries = new ArrayDeque<>();

        Log(String user) {
            this.user = user;
        }
    }

    private final Clock clock;
    private final int maxEntries;
    private final int maxSessions;
    private final Map<String, Log> bySession = new ConcurrentHashMap<>();
    /** The instance whose answer on this thread is a provider fault, until its {@link #dispatched} comes. */
    private final ThreadLocal<Instance> faulted = new ThreadLocal<>();

    public SessionActivity(Clock clock) {
        this(clock, DEFAULT_MAX_ENTRIES, DEFAULT_MAX_SESSIONS);
    }

    public SessionActivity(Clock clock, int maxEntries, int maxSessions) {
        if (maxEntries < 1 || maxSessions < 1) {
            throw new IllegalArgumentException("maxEntries and maxSessions must be positive but were "
                    + maxEntries + " and " + maxSessions);
        }
        this.clock = clock;
        this.maxEntries = maxEntries;
        this.maxSessions = maxSessions;
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        boolean fault = faulted.get() == instance;
        faulted.remove();
        add(request, instance, fault ? FailureKind.SOAP_FAULT.label() : "answered");
    }

    /** Heard on the request's thread just before {@link #dispatched} for the same instance. */
    @Override
    public void providerFault(RequestContext request, Instance instance) {
        if (request.sessionId() != null) {
            faulted.set(instance);
        }
    }

    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        add(request, instance, failure.kind().name().toLowerCase(java.util.Locale.ROOT));
    }

    @Override
    public void sessionEnded(String sessionId) {
        bySession.remove(sessionId);
    }

    /** What {@code sessionId} did lately, or empty when it has done nothing (or is unknown). */
    public Optional<Activity> of(String sessionId) {
        Log log = bySession.get(sessionId);
        if (log == null) {
            return Optional.empty();
        }
        synchronized (log) {
            return Optional.of(new Activity(log.user, List.copyOf(log.entries)));
        }
    }

    private void add(RequestContext request, Instance instance, String outcome) {
        String sessionId = request.sessionId();
        if (sessionId == null) {
            return;
        }
        Log log = bySession.get(sessionId);
        if (log == null) {
            makeRoom();
            log = bySession.computeIfAbsent(sessionId, id -> new Log(request.caller().user()));
        }
        Entry entry = new Entry(clock.instant(), request.virtualPort().name(), request.operation(), instance.id(), outcome);
        synchronized (log) {
            if (log.entries.size() >= maxEntries) {
                log.entries.pollFirst();
            }
            log.entries.addLast(entry);
        }
    }

    private void makeRoom() {
        Iterator<String> any = bySession.keySet().iterator();
        while (bySession.size() >= maxSessions && any.hasNext()) {
            any.next();
            any.remove();
        }
    }
}
