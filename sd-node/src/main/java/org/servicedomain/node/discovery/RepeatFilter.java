package org.servicedomain.node.discovery;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Drops what a receiver must ignore: a message whose {@code MessageID} it has already seen (SOAP
 * over UDP sends every message more than once), and a Hello or Bye whose {@code AppSequence} is not
 * after the last one heard from the same endpoint (a late repeat, or a message from before the
 * sender's restart). Remembers a bounded number of ids and endpoints, forgetting the oldest.
 */
public final class RepeatFilter {

    /** How many message ids and endpoints are remembered. */
    public static final int DEFAULT_CAPACITY = 4096;

    private final Map<String, Boolean> messageIds;
    private final Map<String, AppSequence> sequences;

    public RepeatFilter() {
        this(DEFAULT_CAPACITY);
    }

    public RepeatFilter(int capacity) {
        this.messageIds = bounded(capacity);
        this.sequences = bounded(capacity);
    }

    private static <V> Map<String, V> bounded(int capacity) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > capacity;
            }
        };
    }

    /** Whether {@code message} is new: true once per message id, and for Hello and Bye only in sequence. */
    public synchronized boolean accept(DiscoveryMessage message) {
        if (messageIds.put(message.messageId(), Boolean.TRUE) != null) {
            return false;
        }
        AppSequence sequence = message.appSequence();
        if (sequence == null || message.endpoints().isEmpty()
                || message.kind() != MessageKind.HELLO && message.kind() != MessageKind.BYE) {
            return true;
        }
        String endpoint = message.endpoint().address();
        AppSequence last = sequences.get(endpoint);
        if (last != null && !sequence.isAfter(last)) {
            return false;
        }
        sequences.put(endpoint, sequence);
        return true;
    }
}
