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
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashSet;
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
    private static final String WRONG_CREDENTIALS = "wrong user name or password";

    private final Path file;
    private final SecureRandom random = new SecureRandom();
    private final PasswordHash unknownUserHash = PasswordHash.unmatchable(random);
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ObjectMapper json = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private volatile Map<String, Entry> users;

    /** A user with their password hash, as held in memory. */
    private record Entry(User user, PasswordHash password) {
    }

    record PasswordRecord(String algorithm, int iterations, String salt, String hash) {
    }

    record UserRecord(String name, String userLevel, List<String> designated, List<String> roles,
            PasswordRecord password) {
    }

    record UsersFile(int format, List<UserRecord> users) {
    }

    /** Opens {@code users.json} under {@code dataDir}; a missing file is an empty directory. */
    public FileUserDirectory(Path dataDir) throws IOException {
        this.file = dataDir.resolve("users.json");
        this.users = load();
        LOG.info("user directory opened: {} users", users.size());
    }

    @Override
    public Optional<User> find(String name) {
        return name == null ? Optional.empty() : Optional.ofNullable(users.get(name)).map(Entry::user);
    }

    @Override
    public User authenticate(String name, char[] password) {
        Entry entry = name == null ? null : users.get(name);
        PasswordHash expected = entry == null ? unknownUserHash : entry.password();
        if (!expected.matches(password) || entry == null) {
            throw new NodeFault(FaultCode.NotAuthorized, WRONG_CREDENTIALS);
        }
        return entry.user();
    }

    @Override
    public void put(User user, char[] password) {
        PasswordHash hash = password == null ? null : PasswordHash.of(password, random);
        writeLock.lock();
        try {
            Entry existing = users.get(user.name());
            if (hash == null && existing == null) {
                throw new IllegalArgumentException("a new user needs a password: " + user.name());
            }
            Map<String, Entry> next = new TreeMap<>(users);
            next.put(user.name(), new Entry(user, hash == null ? existing.password() : hash));
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
            Map<String, Entry> next = new TreeMap<>(users);
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
        return users.values().stream().map(Entry::user).toList();
    }

    /** Writes {@code next} to disk, then publishes it; on failure nothing changes. */
    private void save(Map<String, Entry> next) {
        List<UserRecord> records = new ArrayList<>();
        Base64.Encoder base64 = Base64.getEncoder();
        for (Entry e : next.values()) {
            PasswordHash p = e.password();
            records.add(new UserRecord(e.user().name(), e.user().userLevel(), e.user().designated(),
                    e.user().sortedRoles(), new PasswordRecord(PasswordHash.ALGORITHM, p.iterations(),
                            base64.encodeToString(p.salt()), base64.encodeToString(p.hash()))));
        }
        try {
            AtomicFiles.writePrivate(file, json.writeValueAsBytes(new UsersFile(1, records)));
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

    private Map<String, Entry> load() throws IOException {
        if (!Files.exists(file)) {
            return Map.of();
        }
        UsersFile stored = json.readValue(file.toFile(), UsersFile.class);
        Map<String, Entry> loaded = new TreeMap<>();
        Base64.Decoder base64 = Base64.getDecoder();
        for (UserRecord r : stored.users()) {
            PasswordRecord p = r.password();
            if (p == null || !PasswordHash.ALGORITHM.equals(p.algorithm())) {
                throw new IOException(file + ": user " + r.name() + " has no " + PasswordHash.ALGORITHM + " password");
            }
            try {
                User user = new User(r.name(), r.userLevel(), orEmpty(r.designated()),
                        new LinkedHashSet<>(orEmpty(r.roles())));
                loaded.put(user.name(), new Entry(user,
                        new PasswordHash(p.iterations(), base64.decode(p.salt()), base64.decode(p.hash()))));
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new IOException(file + ": user " + r.name() + " is malformed: " + e.getMessage(), e);
            }
        }
        return Collections.unmodifiableMap(loaded);
    }

    private static List<String> orEmpty(List<String> list) {
        return list == null ? List.of() : list;
    }
}
