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
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import org.servicedomain.node.storage.AtomicFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default user directory: {@code users.json} under the data directory, holding each user with
 * a salted {@link PasswordHash}, rewritten atomically on every change: only the storage of a
 * {@link HeldUserDirectory}. Changes are serialised and published only once they are on disk.
 */
public final class FileUserDirectory extends HeldUserDirectory {

    private static final Logger LOG = LoggerFactory.getLogger(FileUserDirectory.class);

    private static final String FILE = "users.json";
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final Path file;
    private final ReentrantLock writeLock = new ReentrantLock();

    record UsersFile(int format, List<StoredUser.UserRecord> users) {
    }

    /** Opens {@code users.json} under {@code dataDir}; a missing file is an empty directory. */
    public FileUserDirectory(Path dataDir) throws IOException {
        super(load(dataDir.resolve(FILE)));
        this.file = dataDir.resolve(FILE);
        LOG.info("user directory opened: {} users", stored().size());
    }

    @Override
    protected void store(Change change) {
        writeLock.lock();
        try {
            StoredUser existing = stored().get(change.user().name());
            StoredUser next = change.over(existing);
            Map<String, StoredUser> all = new TreeMap<>(stored());
            all.put(next.user().name(), next);
            save(all);
            publish(next);
            change.log(LOG, existing);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public boolean remove(String name) {
        writeLock.lock();
        try {
            if (name == null || !stored().containsKey(name)) {
                return false;
            }
            Map<String, StoredUser> all = new TreeMap<>(stored());
            all.remove(name);
            save(all);
            forget(name);
            LOG.info("removed user {}", name);
            return true;
        } finally {
            writeLock.unlock();
        }
    }

    /** The users with their password hashes, as kept; for copying them into a cluster (cluster-import). */
    public List<StoredUser> storedUsers() {
        return List.copyOf(stored().values());
    }

    /** Writes {@code next} to disk; on failure nothing changes. */
    private void save(Map<String, StoredUser> next) {
        List<StoredUser.UserRecord> records = new ArrayList<>();
        for (StoredUser e : next.values()) {
            records.add(e.record());
        }
        try {
            AtomicFiles.write(file, JSON.writeValueAsBytes(new UsersFile(1, records)));
            restrictToOwner();
            Path marker = file.resolveSibling(ADMINISTRATOR_MARKER);
            if (!Files.exists(marker) && next.values().stream().anyMatch(e -> e.user().roles().contains("administrator"))) {
                AtomicFiles.write(marker, new byte[0]);
            }
        } catch (IOException e) {
            throw unsaved(LOG, "the user directory", e);
        }
    }

    /** Keeps the hashes away from other accounts on the machine, where the file system allows. */
    private void restrictToOwner() throws IOException {
        if (Files.getFileStore(file).supportsFileAttributeView("posix")) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        }
    }

    private static Map<String, StoredUser> load(Path file) throws IOException {
        if (!Files.exists(file)) {
            return Map.of();
        }
        UsersFile stored = JSON.readValue(file.toFile(), UsersFile.class);
        Map<String, StoredUser> loaded = new TreeMap<>();
        for (StoredUser.UserRecord r : stored.users()) {
            StoredUser user = StoredUser.of(r, file.toString());
            loaded.put(user.user().name(), user);
        }
        return loaded;
    }
}
