package org.servicedomain.node.domain;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import org.servicedomain.node.storage.AtomicFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The domain information of a node of its own: {@value #FILE} under the data directory, rewritten
 * atomically on every change (a kill leaves the old file or the new one). Reads take no lock; changes
 * are serialised and visible only once they are on disk.
 */
public final class FileDomainInfoStore implements DomainInfoStore {

    private static final Logger LOG = LoggerFactory.getLogger(FileDomainInfoStore.class);
    public static final String FILE = "domain.json";

    private final Path file;
    private final ReentrantLock writeLock = new ReentrantLock();
    private volatile DomainInfo current;

    private FileDomainInfoStore(Path file, DomainInfo current) {
        this.file = file;
        this.current = current;
    }

    /** Reads {@value #FILE} under {@code dataDir}; a missing file is {@link DomainInfo#NONE}, an unreadable one stops the node. */
    public static FileDomainInfoStore open(Path dataDir) throws IOException {
        Path file = dataDir.resolve(FILE);
        if (!Files.exists(file)) {
            return new FileDomainInfoStore(file, DomainInfo.NONE);
        }
        try {
            return new FileDomainInfoStore(file, DomainInfoJson.read(Files.readAllBytes(file)));
        } catch (IOException e) {
            throw new IOException(file + " is not readable domain information (" + e.getMessage()
                    + "); restore it from a backup, or delete it to start without domain information", e);
        }
    }

    @Override
    public DomainInfo current() {
        return current;
    }

    @Override
    public DomainInfo update(UnaryOperator<DomainInfo> change) throws IOException {
        writeLock.lock();
        try {
            DomainInfo next = change.apply(current);
            AtomicFiles.write(file, DomainInfoJson.write(next));
            current = next;
            LOG.info("domain information changed by {}", next.changedBy());
            return next;
        } finally {
            writeLock.unlock();
        }
    }
}
