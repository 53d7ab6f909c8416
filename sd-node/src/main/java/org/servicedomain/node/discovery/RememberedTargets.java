package org.servicedomain.node.discovery;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.node.core.LogText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The targets a managed proxy heard say Hello, so that it answers Probe and Resolve for them with
 * their own endpoint reference and XAddrs, as a WS-Discovery proxy answers for the targets it knows.
 * A Bye forgets a target. The {@code AppSequence} rules decide what is news: a message of an
 * earlier instance, or of the same instance and sequence with a message number not above the last,
 * is stale and ignored; a Hello of a later instance means the target restarted, and replaces what
 * was known of it. An endpoint belongs to the address that first announced it, so another address
 * can neither move nor forget it. At most {@code max} are kept; beyond, the one heard from longest
 * ago is forgotten, so announcements cannot grow the node without bound.
 */
final class RememberedTargets {

    private static final Logger LOG = LoggerFactory.getLogger(RememberedTargets.class);

    private record Heard(EndpointDescription target, AppSequence sequence, InetAddress source) {
    }

    private final int max;
    /** By endpoint address, the one heard from longest ago first. */
    private final Map<String, Heard> heard = new LinkedHashMap<>();

    RememberedTargets(int max) {
        this.max = max;
    }

    /** Remembers {@code target} from its Hello ({@code sequence} may be null); returns whether it was news. */
    synchronized boolean hello(EndpointDescription target, AppSequence sequence, InetAddress source) {
        if (max == 0 || !isNews("Hello", target, sequence, source)) {
            return false;
        }
        heard.remove(target.address());
        heard.put(target.address(), new Heard(target, sequence, source));
        Iterator<String> oldest = heard.keySet().iterator();
        while (heard.size() > max) {
            String forgotten = oldest.next();
            oldest.remove();
            LOG.debug("discovery proxy forgets {}: more than {} targets remembered", LogText.of(forgotten), max);
        }
        return true;
    }

    /** Forgets {@code target} on its Bye ({@code sequence} may be null); returns whether it was remembered. */
    synchronized boolean bye(EndpointDescription target, AppSequence sequence, InetAddress source) {
        if (!heard.containsKey(target.address()) || !isNews("Bye", target, sequence, source)) {
            return false;
        }
        heard.remove(target.address());
        return true;
    }

    /** The targets remembered, the one heard from longest ago first. */
    synchronized List<EndpointDescription> current() {
        List<EndpointDescription> targets = new ArrayList<>(heard.size());
        heard.values().forEach(h -> targets.add(h.target()));
        return targets;
    }

    private boolean isNews(String kind, EndpointDescription target, AppSequence sequence, InetAddress source) {
        Heard before = heard.get(target.address());
        if (before == null) {
            return true;
        }
        if (!before.source().equals(source)) {
            LOG.debug("{} of {} from {} ignored by the discovery proxy: {} announced it", kind, LogText.of(target.address()),
                    source.getHostAddress(), before.source().getHostAddress());
            return false;
        }
        if (sequence != null && before.sequence() != null && !sequence.isAfter(before.sequence())) {
            LOG.debug("{} of {} ignored by the discovery proxy: its AppSequence {} is not after {}", kind,
                    LogText.of(target.address()), sequence, before.sequence());
            return false;
        }
        return true;
    }
}
