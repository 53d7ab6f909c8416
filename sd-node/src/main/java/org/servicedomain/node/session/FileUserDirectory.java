package org.servicedomain.node.session;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.storage.AtomicFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default user directory: {@code users.json} under the data directory, holding each user with
 * a salted {@link PasswordHash}, rewritten atomically on every change. Reads see an immutable map
 * and take no lock; changes are serialised and become visible only once they are on disk.
 */
public final class FileUserDirectory implements UserDirectory {

    private static final Logger LOG = LoggerFactory.getLogger(FileUserDirectory.class);

    private final Path file;
    private final SecureRandom random = new SecureRandom();
    private final PasswordCheck check = new PasswordCheck(random);
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ObjectMapper json = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private volatile Map<String, StoredUser> users;

    record UsersFile(int format, List<StoredUser.UserRecord> users) {
    }

    /** Opens {@code users.json} under {@code dataDir}; a missing file is an empty directory. */
    public FileUserDirectory(Path dataDir) throws IOException {
        this.file = dataDir.resolve("users.json");
        this.users = load();
        LOG.info("user directory opened: {} users", users.size());
    }

    @Override
    public Optional<User> find(String name) {
        return name == null ? Optional.empty() : Optional.ofNullable(users.get(name)).map(StoredUser::user);
    }

    @Override
    public User authenticate(String name, char[] password) {
        return check.check(name == null ? null : users.get(name), password);
    }

    @Override
    public void put(User user, char[] password) {
        PasswordHash hash = password == null ? null : PasswordHash.of(password, random);
        writeLock.lock();
        try {
            StoredUser existing = users.get(user.name());
            if (hash == null && existing == null) {
                throw new IllegalArgumentException("a new user needs a password: " + user.name());
            }
            Map<String, StoredUser> next = new TreeMap<>(users);
            next.put(user.name(), new StoredUser(user, hash == null ? existing.password() : hash));
            save(next);
            LOG.info("{} user {} at level {}{}", existing == null ? "added" : "changed", user.name(),
                    user.userLevel(), hash == null ? "" : " with a new password");
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public boolean remove(String name) {
        writeLock.lock();
        try {
            if (name == null || !users.containsKey(name)) {
                return false;
            }
            Map<String, StoredUser> next = new TreeMap<>(users);
            next.remove(name);
            save(next);
            LOG.info("removed user {}", name);
            return true;
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public List<User> list() {
        return users.values().stream().map(StoredUser::user).toList();
    }

    /** The users with their password hashes, as kept; for copying them into a cluster (cluster-import). */
    public List<StoredUser> storedUsers() {
        return List.copyOf(users.values());
    }

    /** Writes {@code next} to disk, then publishes it; on failure nothing changes. */
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
            LOG.error("could not save the user directory; the change was not made", e);
            throw new NodeFault(FaultCode.InternalError, "the node could not save its users: " + e.getMessage(), e);
        }
        users = Collections.unmodifiableMap(next);
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
        return Collections.unmodifiableMap(loaded);
    }
}
