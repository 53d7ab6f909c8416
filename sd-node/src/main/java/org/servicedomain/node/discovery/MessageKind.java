package org.servicedomain.node.discovery;

/** The six WS-Discovery messages, by their body element's local name. */
public enum MessageKind {
    HELLO("Hello"),
    BYE("Bye"),
    PROBE("Probe"),
    PROBE_MATCHES("ProbeMatches"),
    RESOLVE("Resolve"),
    RESOLVE_MATCHES("ResolveMatches");

    private final String element;

    MessageKind(String element) {
        this.element = element;
    }

    public String element() {
        return element;
    }

    /** The kind whose body element is named {@code localName}, or null. */
    public static MessageKind ofElement(String localName) {
        for (MessageKind kind : values()) {
            if (kind.element.equals(localName)) {
                return kind;
            }
        }
        return null;
    }
}
