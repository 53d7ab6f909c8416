package org.servicedomain.node.session;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.servicedomain.node.storage.StatusStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The users' fixed choices, held in memory for lock-free reads on the hot path and saved by the
 * {@link StatusStore} as {@value #FILE}, so that they outlast sessions and restarts. A choice goes
 * when its user, instance or virtual port goes. Bounded: beyond {@code maxChoices} a new choice
 * pushes out an arbitrary old one (that user then gets a new first choice).
 */
public final class FixedChoiceStore implements FixedChoices, StatusStore.Part {

    private static final Logger LOG = LoggerFactory.getLogger(FixedChoiceStore.class);
    public static final String FILE = "fixed-choices.json";

    private record Key(String user, String virtualPort) {
    }

    /** One saved choice. */
    record Choice(String user, String virtualPort, String instance) {
    }

    /** The saved file: a format version and the choices. */
    record Saved(int version, List<Choice> choices) {
    }

    private final int maxChoices;
    private final Map<Key, String> choices = new ConcurrentHashMap<>();
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
    public String chosen(String user, String virtualPort) {
        return choices.get(new Key(user, virtualPort));
    }

    @Override
    public void choose(String user, String virtualPort, String instanceId) {
        Key key = new Key(user, virtualPort);
        if (!choices.containsKey(key)) {
            makeRoom();
        }
        choices.put(key, instanceId);
    }

    /** Forgets every choice of {@code user}, e.g. when the user is removed. */
    public void forgetUser(String user) {
        choices.keySet().removeIf(k -> k.user().equals(user));
    }

    /** Forgets the choices of {@code instanceId}, which left the catalog; its users choose anew. */
    public void forgetInstance(String instanceId) {
        choices.values().removeIf(instanceId::equals);
    }

    /** Forgets the choices on {@code virtualPort}, which left the catalog. */
    public void forgetPort(String virtualPort) {
        choices.keySet().removeIf(k -> k.virtualPort().equals(virtualPort));
    }

    /** Keeps only the choices of instances in {@code instanceIds}, e.g. those still in the catalog at start. */
    public void retainInstances(Set<String> instanceIds) {
        choices.values().removeIf(id -> !instanceIds.contains(id));
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
        choices.forEach((k, id) -> list.add(new Choice(k.user(), k.virtualPort(), id)));
        list.sort(Comparator.comparing(Choice::user).thenComparing(Choice::virtualPort));
        return json.writeValueAsBytes(new Saved(1, list));
    }

    @Override
    public void restore(byte[] saved) throws IOException {
        Saved read = json.readValue(saved, Saved.class);
        if (read.version() != 1 || read.choices() == null) {
            throw new IOException("not a version 1 list of fixed choices");
        }
        for (Choice c : read.choices()) {
            if (c == null || c.user() == null || c.virtualPort() == null || c.instance() == null) {
                throw new IOException("a fixed choice lacks its user, virtual port or instance");
            }
        }
        for (Choice c : read.choices()) {
            if (choices.size() >= maxChoices) {
                LOG.warn("kept {} of the {} saved fixed choices: the node keeps at most {}", choices.size(),
                        read.choices().size(), maxChoices);
                break;
            }
            choices.put(new Key(c.user(), c.virtualPort()), c.instance());
        }
    }

    private void makeRoom() {
        if (choices.size() < maxChoices) {
            return;
        }
        if (fullReported.compareAndSet(false, true)) {
            LOG.warn("{} users' fixed choices are held, the most this node keeps; new choices now push out old ones",
                    maxChoices);
        }
        Iterator<Key> any = choices.keySet().iterator();
        while (choices.size() >= maxChoices && any.hasNext()) {
            any.next();
            any.remove();
        }
    }
}
