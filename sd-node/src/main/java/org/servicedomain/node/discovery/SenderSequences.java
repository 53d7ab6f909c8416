package org.servicedomain.node.discovery;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last {@code AppSequence} heard for each endpoint, kept apart per sender address and filled only
 * with messages the discovery rule admitted: a sender's flood pushes out only its own oldest entries,
 * so it can neither silence another sender with a huge {@code InstanceId} nor make room to replay
 * another sender's old Bye. A new sender beyond the bound is refused, not let in by evicting others.
 */
final class SenderSequences {

    private static final Logger LOG = LoggerFactory.getLogger(SenderSequences.class);

    private final int perSender;
    private final int maxSenders;
    private final Map<InetAddress, Map<String, AppSequence>> bySender = new HashMap<>();

    SenderSequences(int perSender, int maxSenders) {
        if (perSender < 1 || maxSenders < 1) {
            throw new IllegalArgumentException("sequence bounds must be at least 1 but were " + perSender + " per sender and "
                    + maxSenders + " senders");
        }
        this.perSender = perSender;
        this.maxSenders = maxSenders;
    }

    /**
     * Records {@code sequence} for {@code endpoint} from {@code sender} if it is the first heard or
     * after the last; returns whether it was, i.e. whether the message is to be taken.
     */
    synchronized boolean advance(InetAddress sender, String endpoint, AppSequence sequence) {
        Map<String, AppSequence> sequences = bySender.get(sender);
        if (sequences == null) {
            if (bySender.size() >= maxSenders) {
                LOG.warn("sequence of {} from {} refused: already tracking {} senders", endpoint, sender, maxSenders);
                return false;
            }
            sequences = bounded(perSender);
            bySender.put(sender, sequences);
        }
        AppSequence last = sequences.get(endpoint);
        if (last != null && !sequence.isAfter(last)) {
            return false;
        }
        sequences.put(endpoint, sequence);
        return true;
    }

    /** How many senders are tracked, for tests and metrics. */
    synchronized int senders() {
        return bySender.size();
    }

    private static Map<String, AppSequence> bounded(int capacity) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, AppSequence> eldest) {
                return size() > capacity;
            }
        };
    }
}
