package org.servicedomain.node.session;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import org.servicedomain.node.storage.AtomicFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default user directory: {@code users.json} under the data directory, holding each user with
 * a salted {@link PasswordHash}, rewritten atomically on every change. Only the storage: the users
 * are held and checked by {@link HeldUsers}; changes are serialised and published there only once
 * they are on disk.
 */
public final class FileUserDirectory implements UserDirectory {

    private static final Logger LOG = LoggerFactory.getLogger(FileUserDirectory.class);

    private final Path file;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ObjectMapper json = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final HeldUsers held;

    record UsersFile(int format, List<StoredUser.UserRecord> users) {
    }

    /** Opens {@code users.json} under {@code dataDir}; a missing file is an empty directory. */
    public FileUserDirectory(Path dataDir) throws IOException {
        this.file = dataDir.resolve("users.json");
        this.held = new HeldUsers(load());
        LOG.info("user directory opened: {} users", held.stored().size());
    }

    @Override
    public Optional<User> find(String name) {
        return held.find(name);
    }

    @Override
    public User authenticate(String name, char[] password) {
        return held.authenticate(name, password);
    }

    @Override
    public void put(User user, char[] password) {
        HeldUsers.Change change = held.change(user, password);
        writeLock.lock();
        try {
            StoredUser existing = held.stored().get(user.name());
            StoredUser stored = change.over(existing);
            Map<String, StoredUser> next = new TreeMap<>(held.stored());
            next.put(user.name(), stored);
            save(next);
            held.publish(stored);
            change.log(LOG, existing);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public boolean remove(String name) {
        writeLock.lock();
        try {
            if (name == null || !held.stored().containsKey(name)) {
                return false;
            }
            Map<String, StoredUser> next = new TreeMap<>(held.stored());
            next.remove(name);
            save(next);
            held.forget(name);
            LOG.info("removed user {}", name);
            return true;
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public List<User> list() {
        return held.list();
    }

    /** The users with their password hashes, as kept; for copying them into a cluster (cluster-import). */
    public List<StoredUser> storedUsers() {
        return List.copyOf(held.stored().values());
    }

    /** Writes {@code next} to disk; on failure nothing changes. */
    private void save(Map<String, StoredUser> next) {
        List<StoredUser.UserRecord> records = new ArrayList<>();
        for (StoredUser e : next.values()) {
            records.add(e.record());
        }
        try {
            AtomicFiles.write(file, json.writeValueAsBytes(new UsersFile(1, records)));
            restrictToOwner();
            Path marker = file.resolveSibling(ADMINISTRATOR_MARKER);
            if (!Files.exists(marker) && next.values().stream().anyMatch(e -> e.user().roles().contains("administrator"))) {
                AtomicFiles.write(marker, new byte[0]);
            }
        } catch (IOException e) {
            throw HeldUsers.unsaved(LOG, "the user directory", e);
        }
    }

    /** Keeps the hashes away from other accounts on the machine, where the file system allows. */
    private void restrictToOwner() throws IOException {
        if (Files.getFileStore(file).supportsFileAttributeView("posix")) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        }
    }

    private Map<String, StoredUser> load() throws IOException {
        if (!Files.exists(file)) {
            return Map.of();
        }
        UsersFile stored = json.readValue(file.toFile(), UsersFile.class);
        Map<String, StoredUser> loaded = new TreeMap<>();
        for (StoredUser.UserRecord r : stored.users()) {
            StoredUser user = StoredUser.of(r, file.toString());
            loaded.put(user.user().name(), user);
        }
        return loaded;
    }
}
