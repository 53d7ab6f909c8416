package org.servicedomain.node.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.servicedomain.node.storage.StatusStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The users' fixed choices, held in memory as immutable lists for lock-free reads on the hot path
 * and saved by the {@link StatusStore} as {@value #FILE}, so that they outlast sessions and
 * restarts. An instance leaves a user's list when the user, the instance or the virtual port goes.
 * Bounded: once {@code maxChoices} user and port pairs are held, a user without a choice on that
 * port is not pinned (takes turns) until room appears; the users already pinned stay pinned.
 */
public final class FixedChoiceStore implements FixedChoices, StatusStore.Part {

    private static final Logger LOG = LoggerFactory.getLogger(FixedChoiceStore.class);
    public static final String FILE = "fixed-choices.json";
    /** Written since several instances per pair were kept; version 1 (one {@code instance}) still loads. */
    static final int VERSION = 2;

    private record Key(String user, String virtualPort) {
    }

    /**
     * One saved user and port pair: {@code instances} most recent first (version 2), or the single
     * {@code instance} of version 1.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Choice(String user, String virtualPort, List<String> instances, String instance) {
    }

    /** The saved file: a format version and the choices. */
    record Saved(int version, List<Choice> choices) {
    }

    private final int maxChoices;
    private final Map<Key, List<String>> choices = new ConcurrentHashMap<>();
    private final AtomicBoolean fullReported = new AtomicBoolean();
    private final ObjectMapper json = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** Keeps at most {@code maxChoices} user and virtual port pairs. */
    public FixedChoiceStore(int maxChoices) {
        if (maxChoices < 1) {
            throw new IllegalArgumentException("maxChoices must be positive but was " + maxChoices);
        }
        this.maxChoices = maxChoices;
    }

    @Override
    public List<String> chosen(String user, String virtualPort) {
        return choices.getOrDefault(new Key(user, virtualPort), List.of());
    }

    @Override
    public void choose(String user, String virtualPort, String instanceId) {
        choices.compute(new Key(user, virtualPort), (key, old) -> {
            if (old == null) {
                return roomForANewPair() ? List.of(instanceId) : null;
            }
            return old.get(0).equals(instanceId) ? old : FixedChoices.withFirst(instanceId, old);
        });
    }

    @Override
    public void forgetUser(String user) {
        choices.keySet().removeIf(k -> k.user().equals(user));
    }

    @Override
    public void forgetInstance(String instanceId) {
        dropInstances(instanceId::equals);
    }

    @Override
    public void forgetPort(String virtualPort) {
        choices.keySet().removeIf(k -> k.virtualPort().equals(virtualPort));
    }

    /** Keeps only the choices of instances in {@code instanceIds}, e.g. those still in the catalog at start. */
    public void retainInstances(Set<String> instanceIds) {
        dropInstances(id -> !instanceIds.contains(id));
    }

    /** The number of user and virtual port pairs with a choice. */
    public int size() {
        return choices.size();
    }

    @Override
    public String fileName() {
        return FILE;
    }

    /** The choices ordered by user and port, so that an unchanged store gives the same bytes. */
    @Override
    public byte[] snapshot() throws IOException {
        List<Choice> list = new ArrayList<>(choices.size());
        choices.forEach((k, ids) -> list.add(new Choice(k.user(), k.virtualPort(), ids, null)));
        list.sort(Comparator.comparing(Choice::user).thenComparing(Choice::virtualPort));
        return json.writeValueAsBytes(new Saved(VERSION, list));
    }

    @Override
    public void restore(byte[] saved) throws IOException {
        Saved read = json.readValue(saved, Saved.class);
        if ((read.version() != 1 && read.version() != VERSION) || read.choices() == null) {
            throw new IOException("not a version 1 or " + VERSION + " list of fixed choices");
        }
        Map<Key, List<String>> restored = new LinkedHashMap<>();
        for (Choice c : read.choices()) {
            List<String> ids = c == null ? null : read.version() == 1 ? single(c.instance()) : c.instances();
            if (c == null || c.user() == null || c.virtualPort() == null || ids == null || ids.isEmpty()
                    || ids.stream().anyMatch(Objects::isNull)) {
                throw new IOException("a fixed choice lacks its user, virtual port or instances");
            }
            List<String> distinct = List.copyOf(new LinkedHashSet<>(ids));
            restored.put(new Key(c.user(), c.virtualPort()),
                    List.copyOf(distinct.subList(0, Math.min(MAX_PER_PORT, distinct.size()))));
        }
        for (Map.Entry<Key, List<String>> e : restored.entrySet()) {
            if (choices.size() >= maxChoices) {
                LOG.warn("kept {} of the {} saved fixed choices: the node keeps at most {}", choices.size(),
                        restored.size(), maxChoices);
                break;
            }
            choices.put(e.getKey(), e.getValue());
        }
    }

    private boolean roomForANewPair() {
        if (choices.size() < maxChoices) {
            fullReported.set(false);
            return true;
        }
        if (fullReported.compareAndSet(false, true)) {
            LOG.warn("{} user and virtual port pairs have a fixed choice, the most this node keeps (--max-fixed-choices);"
                    + " users without a choice on a port take turns there until a user, instance or port goes", maxChoices);
        }
        return false;
    }

    private void dropInstances(Predicate<String> gone) {
        for (Key key : choices.keySet()) {
            choices.computeIfPresent(key, (k, ids) -> {
                if (ids.stream().noneMatch(gone)) {
                    return ids;
                }
                List<String> kept = ids.stream().filter(gone.negate()).toList();
                return kept.isEmpty() ? null : kept;
            });
        }
    }

    private static List<String> single(String instance) {
        return instance == null ? null : List.of(instance);
    }
}
