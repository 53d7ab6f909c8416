package org.servicedomain.node.audit;

import java.nio.file.Path;

/**
 * Where the audit file lies and how large it grows before it is rotated.
 *
 * @param file the audit file, or null for {@value #FILE_NAME} in the data directory
 * @param maxBytes the size past which the file is renamed to {@code FILE.1} (replacing the older one) and begun again
 */
public record AuditConfig(Path file, long maxBytes) {

    /** The audit file's name in the data directory unless another path is given. */
    public static final String FILE_NAME = "audit.log";
    /** The default size limit: 10 MiB, so at most twice that on disk. */
    public static final long DEFAULT_MAX_BYTES = 10L * 1024 * 1024;
    /** The file in the data directory, rotated at the default size. */
    public static final AuditConfig DEFAULT = new AuditConfig(null, DEFAULT_MAX_BYTES);

    public AuditConfig {
        if (maxBytes < 1024) {
            throw new IllegalArgumentException("the audit file's size limit must be at least 1024 bytes but was " + maxBytes);
        }
    }

    /** The audit file of a node whose data directory is {@code dataDir}. */
    public Path fileIn(Path dataDir) {
        return file != null ? file : dataDir.resolve(FILE_NAME);
    }
}
