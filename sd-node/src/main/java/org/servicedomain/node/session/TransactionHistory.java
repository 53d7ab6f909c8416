package org.servicedomain.node.session;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.storage.StatusStore;

/**
 * Remembers, per session and virtual port, the instance that last answered: what the
 * transaction-history directive follows. Fed by the engine's dispatch events; a session's history
 * goes when the session ends. Bounded, so that histories nobody forgets (a request that finished
 * just after its session ended) cannot fill the memory. Saved with the node's status as {@value #FILE},
 * beside the sessions it follows.
 */
public final class TransactionHistory implements RecordedHistory, StatusStore.Part {

    public static final String FILE = "transaction-history.json";
    private final ObjectMapper json = new ObjectMapper();

    public static final int DEFAULT_MAX_SESSIONS = 100_000;

    private final int maxSessions;
    /** Session id -> virtual port name -> instance id. */
    private final Map<String, Map<String, String>> bySession = new ConcurrentHashMap<>();

    public TransactionHistory() {
        this(DEFAULT_MAX_SESSIONS);
    }

    /** Remembers at most {@code maxSessions} sessions; beyond that, an arbitrary one is forgotten. */
    public TransactionHistory(int maxSessions) {
        if (maxSessions < 1) {
            throw new IllegalArgumentException("maxSessions must be positive but was " + maxSessions);
        }
        this.maxSessions = maxSessions;
    }

    @Override
    public Optional<String> lastInstance(String sessionId, String virtualPort) {
        Map<String, String> ports = sessionId == null ? null : bySession.get(sessionId);
        return ports == null ? Optional.empty() : Optional.ofNullable(ports.get(virtualPort));
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        String sessionId = request.sessionId();
        if (sessionId == null) {
            return;
        }
        Map<String, String> ports = bySession.get(sessionId);
        if (ports == null) {
            makeRoom();
            ports = bySession.computeIfAbsent(sessionId, id -> new ConcurrentHashMap<>(4));
        }
        String port = request.virtualPort().name();
        if (!instance.id().equals(ports.get(port))) {
            ports.put(port, instance.id());
        }
    }

    /** A failed instance stays remembered: the directive checks it is operational before following it. */
    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
    }

    @Override
    public void sessionEnded(String sessionId) {
        forget(sessionId);
    }

    /** Drops everything remembered for {@code sessionId}. */
    public void forget(String sessionId) {
        bySession.remove(sessionId);
    }

    /** Keeps only the histories of the sessions {@code open} accepts, e.g. those reopened at start. */
    public void retainSessions(Predicate<String> open) {
        bySession.keySet().removeIf(open.negate());
    }

    @Override
    public String fileName() {
        return FILE;
    }

    /** Session id to virtual port to instance id, both in order, so that an unchanged history gives the same bytes. */
    @Override
    public byte[] snapshot() throws IOException {
        Map<String, Map<String, String>> sorted = new TreeMap<>();
        bySession.forEach((session, ports) -> sorted.put(session, new TreeMap<>(ports)));
        return json.writeValueAsBytes(sorted);
    }

    @Override
    public void restore(byte[] saved) throws IOException {
        Map<String, Map<String, String>> read = json.readValue(saved, new TypeReference<Map<String, Map<String, String>>>() { });
        for (Map.Entry<String, Map<String, String>> session : read.entrySet()) {
            if (session.getValue() == null || session.getValue().containsValue(null)) {
                throw new IOException("the saved history of a session lacks its instances");
            }
        }
        read.entrySet().stream().limit(maxSessions)
                .forEach(e -> bySession.put(e.getKey(), new ConcurrentHashMap<>(e.getValue())));
    }

    /** The number of sessions with a history. */
    public int sessions() {
        return bySession.size();
    }

    private void makeRoom() {
        Iterator<String> any = bySession.keySet().iterator();
        while (bySession.size() >= maxSessions && any.hasNext()) {
            any.next();
            any.remove();
        }
    }
}
