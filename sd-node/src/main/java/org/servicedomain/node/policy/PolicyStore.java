package org.servicedomain.node.policy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.servicedomain.node.storage.AtomicFiles;

/**
 * The policies set on a node, under {@code policy/} in its data directory: one file per version,
 * written atomically; the highest version is the active one.
 */
public final class PolicyStore {

    /** A policy document as it was set, with its version. */
    public record StoredPolicy(long version, String document) {
    }

    private static final Pattern FILE = Pattern.compile("policy-(\\d+)\\.xml");

    private final Path dir;

    public PolicyStore(Path dataDir) {
        this.dir = dataDir.resolve("policy");
    }

    public Optional<StoredPolicy> latest() throws IOException {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        long latest = -1;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Matcher m = FILE.matcher(file.getFileName().toString());
                if (m.matches()) {
                    latest = Math.max(latest, Long.parseLong(m.group(1)));
                }
            }
        }
        if (latest < 0) {
            return Optional.empty();
        }
        return Optional.of(new StoredPolicy(latest, Files.readString(file(latest), StandardCharsets.UTF_8)));
    }

    public void save(StoredPolicy policy) throws IOException {
        AtomicFiles.write(file(policy.version()), policy.document().getBytes(StandardCharsets.UTF_8));
    }

    private Path file(long version) {
        return dir.resolve("policy-" + version + ".xml");
    }
}
