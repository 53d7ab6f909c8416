package org.servicedomain.client.cli;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The sessions sdctl keeps between runs, in {@code sessions.json} of the user's config directory
 * ({@code $XDG_CONFIG_HOME/sdctl}, else {@code ~/.config/sdctl}): one per node and user, the latest
 * first. The session ids are bearer secrets, so the directory is owner-only and the file is written
 * owner-only (0600) and atomically (a temp file, synced, then renamed).
 */
final class SessionFile {

    static final String FILE = "sessions.json";

    /** One signed-in session; {@code node} is the node's base address as given to {@code login}. */
    record Saved(String node, String user, String sessionId, String userLevel, List<String> roles) {
        Saved {
            roles = roles == null ? List.of() : List.copyOf(roles);
        }
    }

    private record Contents(List<Saved> sessions) {
        Contents {
            sessions = sessions == null ? List.of() : List.copyOf(sessions);
        }
    }

    private final Path dir;
    private final ObjectMapper json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    SessionFile(Path dir) {
        this.dir = dir;
    }

    /** The config directory the environment names. */
    static Path directory(Map<String, String> env) {
        String xdg = env.get("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return base.resolve("sdctl");
    }

    Path path() {
        return dir.resolve(FILE);
    }

    List<Saved> all() throws IOException {
        Path file = path();
        if (!Files.exists(file)) {
            return List.of();
        }
        return json.readValue(file.toFile(), Contents.class).sessions();
    }

    /** The latest session for {@code node} (any node when null), of {@code user} when given. */
    Optional<Saved> find(String node, String user) throws IOException {
        return all().stream()
                .filter(s -> node == null || sameNode(s.node(), node))
                .filter(s -> user == null || s.user().equals(user))
                .findFirst();
    }

    /** Keeps {@code session} first, replacing an earlier one of the same node and user. */
    void put(Saved session) throws IOException {
        List<Saved> sessions = new ArrayList<>();
        sessions.add(session);
        all().stream().filter(s -> !(sameNode(s.node(), session.node()) && s.user().equals(session.user())))
                .forEach(sessions::add);
        write(sessions);
    }

    /** Forgets the session of {@code node} and {@code user}; false when none was kept. */
    boolean remove(String node, String user) throws IOException {
        List<Saved> before = all();
        List<Saved> after = before.stream()
                .filter(s -> !(sameNode(s.node(), node) && s.user().equals(user))).toList();
        if (after.size() == before.size()) {
            return false;
        }
        write(after);
        return true;
    }

    static boolean sameNode(String a, String b) {
        return strip(a).equalsIgnoreCase(strip(b));
    }

    private static String strip(String address) {
        return address.endsWith("/") ? address.substring(0, address.length() - 1) : address;
    }

    private void write(List<Saved> sessions) throws IOException {
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        Files.createDirectories(dir, posix ? new FileAttribute<?>[] {
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))} : new FileAttribute<?>[0]);
        Set<PosixFilePermission> ownerOnly = PosixFilePermissions.fromString("rw-------");
        Path temp = posix ? Files.createTempFile(dir, FILE, ".tmp", PosixFilePermissions.asFileAttribute(ownerOnly))
                : Files.createTempFile(dir, FILE, ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                channel.write(java.nio.ByteBuffer.wrap(json.writerWithDefaultPrettyPrinter()
                        .writeValueAsBytes(new Contents(sessions))));
                channel.force(true);
            }
            Files.move(temp, path(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
