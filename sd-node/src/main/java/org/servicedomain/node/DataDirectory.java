package org.servicedomain.node;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.servicedomain.node.session.UserDirectory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a node checks in its data directory when it starts: temporary files a crash left are
 * deleted; a user directory that held an administrator and is now missing or without one stops
 * the start (the home port would otherwise be open to everyone); a catalog or policy that existed
 * and is gone is logged as an error.
 */
final class DataDirectory {

    private static final Logger LOG = LoggerFactory.getLogger(DataDirectory.class);

    private DataDirectory() {
    }

    /** Deletes the {@code *.tmp} files an interrupted atomic write left anywhere under {@code dir}. */
    static void deleteTemporaryFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".tmp") && Files.isRegularFile(f)).toList()) {
                Files.deleteIfExists(file);
                LOG.info("deleted {}, a temporary file an interrupted write left", file);
            }
        }
    }

    /** Refuses to start when the users are gone but an administrator was there. */
    static void requireUsersIfTheyExisted(Path dir, UserDirectory users) throws IOException {
        Path marker = dir.resolve(UserDirectory.ADMINISTRATOR_MARKER);
        boolean administrator = users.list().stream().anyMatch(u -> u.roles().contains("administrator"));
        if (Files.exists(marker) && !administrator) {
            throw new IOException("users.json under " + dir + " is missing or holds no administrator, but this node"
                    + " had one: the node does not start open to everyone. Restore users.json from a backup, or delete "
                    + marker + " to start the node open (anyone may then administer it)");
        }
    }

    /** Says loudly when the catalog or the policy that existed is gone; call before the catalog opens. */
    static void reportMissingState(Path dir) throws IOException {
        if (!Files.exists(dir.resolve("catalog.json")) && hasFiles(dir.resolve("wsdl"), ".wsdl")) {
            LOG.error("catalog.json under {} is gone although cached WSDLs remain: the catalog this node had is lost;"
                    + " the node starts with an empty catalog. Restore catalog.json from a backup", dir);
        }
        if (Files.isDirectory(dir.resolve("policy")) && !hasFiles(dir.resolve("policy"), ".xml")) {
            LOG.error("the policy directory under {} is empty although it existed: the policy this node had is lost;"
                    + " the node starts with the built-in policy. Restore it from a backup", dir);
        }
    }

    private static boolean hasFiles(Path dir, String suffix) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(suffix));
        }
    }
}
