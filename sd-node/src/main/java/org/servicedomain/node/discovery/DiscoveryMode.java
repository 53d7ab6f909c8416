package org.servicedomain.node.discovery;

import java.util.Locale;

/**
 * How a node takes part in WS-Discovery: not at all (no socket is opened), ad hoc (multicast on
 * 239.255.255.250:3702), or managed (ad hoc, and also a discovery proxy answering by HTTP at
 * {@code /sd/services/discovery}).
 */
public enum DiscoveryMode {
    OFF, ADHOC, MANAGED;

    /** The mode of the launcher word {@code off}, {@code adhoc} or {@code managed}. */
    public static DiscoveryMode of(String word) {
        try {
            return valueOf(word.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("discovery mode must be adhoc, managed or off but was " + word, e);
        }
    }
}
