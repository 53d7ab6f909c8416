package org.servicedomain.client.discovery;

/** The two WS-Discovery versions: the 2005/04 draft and OASIS 1.1 (2009/01), with their addressing namespaces. */
public enum WsDiscoveryVersion {
    V2005("http://schemas.xmlsoap.org/ws/2005/04/discovery", "http://schemas.xmlsoap.org/ws/2004/08/addressing",
            "urn:schemas-xmlsoap-org:ws:2005:04:discovery"),
    V11("http://docs.oasis-open.org/ws-dd/ns/discovery/2009/01", "http://www.w3.org/2005/08/addressing",
            "urn:docs-oasis-open-org:ws-dd:ns:discovery:2009:01");

    private final String namespace;
    private final String addressing;
    private final String to;

    WsDiscoveryVersion(String namespace, String addressing, String to) {
        this.namespace = namespace;
        this.addressing = addressing;
        this.to = to;
    }

    public String namespace() {
        return namespace;
    }

    public String addressing() {
        return addressing;
    }

    /** The {@code wsa:To} of multicast messages. */
    public String to() {
        return to;
    }
}
