package org.servicedomain.node.policy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.servicedomain.node.storage.AtomicFiles;

/**
 * The policies set on a node, under {@code policy/} in its data directory: one file per version,
 * written atomically; the highest version is the active one, and the {@value #KEPT} newest are kept.
 */
public final class FilePolicyStore implements PolicyStore {

    private static final Pattern FILE = Pattern.compile("policy-(\\d+)\\.xml");

    private final Path dir;

    public FilePolicyStore(Path dataDir) {
        this.dir = dataDir.resolve("policy");
    }

    @Override
    public Optional<StoredPolicy> latest() throws IOException {
        List<Long> versions = versions();
        return versions.isEmpty() ? Optional.empty() : find(versions.get(versions.size() - 1));
    }

    /** A kept version, or empty when it was never set or is older than the kept ones. */
    @Override
    public Optional<StoredPolicy> find(long version) throws IOException {
        Path file = file(version);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        return Optional.of(new StoredPolicy(version, Files.readString(file, StandardCharsets.UTF_8)));
    }

    /** The kept versions, oldest first. */
    @Override
    public List<Long> versions() throws IOException {
        List<Long> versions = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return versions;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Matcher m = FILE.matcher(file.getFileName().toString());
                if (m.matches()) {
                    versions.add(Long.parseLong(m.group(1)));
                }
            }
        }
        Collections.sort(versions);
        return versions;
    }

    /** Saves {@code policy}, then drops versions beyond the {@value #KEPT} newest. */
    @Override
    public void save(StoredPolicy policy) throws IOException {
        AtomicFiles.write(file(policy.version()), policy.document().getBytes(StandardCharsets.UTF_8));
        List<Long> versions = versions();
        for (int i = 0; i < versions.size() - KEPT; i++) {
            Files.deleteIfExists(file(versions.get(i)));
        }
    }

    private Path file(long version) {
        return dir.resolve("policy-" + version + ".xml");
    }
}
