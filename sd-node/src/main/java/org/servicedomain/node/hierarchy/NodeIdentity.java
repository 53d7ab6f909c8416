package org.servicedomain.node.hierarchy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.servicedomain.node.storage.AtomicFiles;

/** This node's id, made once and kept under the data directory, so a hierarchy can tell nodes apart and refuse cycles. */
final class NodeIdentity {

    private NodeIdentity() {
    }

    static String load(Path dataDir) throws IOException {
        Path file = dataDir.resolve("node-id");
        if (Files.exists(file)) {
            String id = Files.readString(file, StandardCharsets.UTF_8).trim();
            if (!id.isEmpty()) {
                return id;
            }
        }
        String id = UUID.randomUUID().toString();
        AtomicFiles.write(file, id.getBytes(StandardCharsets.UTF_8));
        return id;
    }
}
