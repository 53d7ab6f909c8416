package org.servicedomain.node.discovery;

import java.net.InetAddress;
import java.util.concurrent.atomic.AtomicLong;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.core.LogText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which source address owns an endpoint discovery filed: the one whose admitted Hello filed it, read
 * from its instances' {@value #SOURCE_ATTRIBUTE} attribute, so that a sender elsewhere in an admitted
 * network can neither move the endpoint nor say Bye for it, and the binding outlives a restart and
 * ends when the instances go.
 */
final class EndpointOwners {

    private static final Logger LOG = LoggerFactory.getLogger(EndpointOwners.class);
    /** The attribute holding the source address that announced an instance discovery filed. */
    static final String SOURCE_ATTRIBUTE = "sd.discovery.source";
    /** Refusals are logged on the first and every this many after, so a flood does not flood the log. */
    private static final long REFUSALS_PER_WARNING = 1000;

    private final Catalog catalog;
    private final AtomicLong refused = new AtomicLong();

    EndpointOwners(Catalog catalog) {
        this.catalog = catalog;
    }

    /** Whether {@code source} may speak for {@code endpoint}: it announced it, or no instance of it is filed. */
    boolean mayAnnounce(String kind, String endpoint, InetAddress source) {
        String owner = ownerOf(endpoint);
        if (owner == null || owner.equals(source.getHostAddress())) {
            return true;
        }
        long count = refused.incrementAndGet();
        if (count == 1 || count % REFUSALS_PER_WARNING == 0) {
            LOG.warn("{} of {} from {} refused: the endpoint was announced from {} ({} refused so far)", kind,
                    LogText.of(endpoint), source.getHostAddress(), owner, count);
        }
        return false;
    }

    private String ownerOf(String endpoint) {
        return catalog.snapshot().instances().stream()
                .filter(i -> endpoint.equals(i.attributes().get(HelloIntake.ENDPOINT_ATTRIBUTE)))
                .map(i -> i.attributes().get(SOURCE_ATTRIBUTE)).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }
}
