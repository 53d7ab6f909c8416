package org.servicedomain.node.discovery;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Drops a message whose {@code MessageID} was already seen: SOAP over UDP sends every message more
 * than once. Remembers a bounded number of ids, forgetting the oldest; that a flood can push an id
 * out is harmless, since a replayed Hello or Bye must still pass its sender's {@link SenderSequences}.
 */
public final class RepeatFilter {

    /** How many message ids are remembered. */
    public static final int DEFAULT_CAPACITY = 4096;

    private final Map<String, Boolean> messageIds;

    public RepeatFilter() {
        this(DEFAULT_CAPACITY);
    }

    public RepeatFilter(int capacity) {
        this.messageIds = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                return size() > capacity;
            }
        };
    }

    /** Whether {@code message} is new: true once per message id. */
    public synchronized boolean accept(DiscoveryMessage message) {
        return messageIds.put(message.messageId(), Boolean.TRUE) == null;
    }
}
