package org.servicedomain.node.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;
import org.servicedomain.node.storage.AtomicFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A member's id, kept in its data directory ({@value #FILE}) so that a restarted member is the same
 * member: the ids it prefixed (sessions {@code node-1a2b3c4d:…}) still name it, and it finds its own
 * sessions in the cluster again. Made once, at the first start, and written atomically.
 */
public final class MemberIdentity {

    private static final Logger LOG = LoggerFactory.getLogger(MemberIdentity.class);
    /** The file under the data directory that holds the member's id. */
    public static final String FILE = "member-id";
    /** {@code node-} and 8 hex digits, the form session ids begin with. */
    static final Pattern ID = Pattern.compile("node-[0-9a-f]{8}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private MemberIdentity() {
    }

    /**
     * The id kept under {@code dataDir}, or a new one, kept there before it is returned; an IOException
     * when the file holds something else than an id, rather than silently becoming another member.
     */
    public static String load(Path dataDir) throws IOException {
        Path file = dataDir.resolve(FILE);
        if (Files.exists(file)) {
            String kept = Files.readString(file, StandardCharsets.US_ASCII).strip();
            if (!ID.matcher(kept).matches()) {
                throw new IOException(file + " holds no member id (node- and 8 hex digits) but \""
                        + (kept.length() > 40 ? kept.substring(0, 40) + "…" : kept) + "\": restore it, or delete it to make"
                        + " this node a new member (sessions it opened before then end)");
            }
            return kept;
        }
        byte[] random = new byte[4];
        RANDOM.nextBytes(random);
        String id = "node-" + HexFormat.of().formatHex(random);
        AtomicFiles.write(file, (id + "\n").getBytes(StandardCharsets.US_ASCII));
        LOG.info("this node is member {} of its cluster from now on; the id is kept in {}", id, file);
        return id;
    }
}
