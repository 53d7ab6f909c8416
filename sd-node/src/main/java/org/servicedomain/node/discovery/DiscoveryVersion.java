package org.servicedomain.node.discovery;

/**
 * The two WS-Discovery versions in use: the 2005/04 draft (WCF's and older devices') and the OASIS
 * 1.1 standard (2009/01). Each has its own discovery and WS-Addressing namespaces; a node answers
 * in the version it was asked in.
 */
public enum DiscoveryVersion {
    V2005("http://schemas.xmlsoap.org/ws/2005/04/discovery", "http://schemas.xmlsoap.org/ws/2004/08/addressing",
            "urn:schemas-xmlsoap-org:ws:2005:04:discovery",
            "http://schemas.xmlsoap.org/ws/2004/08/addressing/role/anonymous"),
    V11("http://docs.oasis-open.org/ws-dd/ns/discovery/2009/01", "http://www.w3.org/2005/08/addressing",
            "urn:docs-oasis-open-org:ws-dd:ns:discovery:2009:01", "http://www.w3.org/2005/08/addressing/anonymous");

    private final String namespace;
    private final String addressingNamespace;
    private final String multicastTo;
    private final String anonymous;

    DiscoveryVersion(String namespace, String addressingNamespace, String multicastTo, String anonymous) {
        this.namespace = namespace;
        this.addressingNamespace = addressingNamespace;
        this.multicastTo = multicastTo;
        this.anonymous = anonymous;
    }

    /** The namespace of the discovery elements (Hello, Probe, Types, ...). */
    public String namespace() {
        return namespace;
    }

    /** The WS-Addressing namespace this version's messages use in their headers and endpoint references. */
    public String addressingNamespace() {
        return addressingNamespace;
    }

    /** The {@code wsa:To} of a multicast message. */
    public String multicastTo() {
        return multicastTo;
    }

    /** The anonymous address: the {@code wsa:To} of a reply to whoever sent the request. */
    public String anonymous() {
        return anonymous;
    }

    /** The {@code wsa:Action} of a message of {@code kind}. */
    public String action(MessageKind kind) {
        return namespace + "/" + kind.element();
    }

    /**
     * The {@code RelationshipType} of a proxy's Hello answering a multicast Probe or Resolve: an IRI in
     * 1.1 (WS-Addressing 1.0), the QName {@code d:Suppression} in 2005/04 (WS-Addressing 2004/08, where
     * {@code d} is this version's discovery namespace, as the node's writer declares it).
     */
    public String suppression() {
        return this == V11 ? namespace + "/Suppression" : "d:Suppression";
    }

    /** The URI of the default scope-matching rule, RFC 3986 prefix matching. */
    public String rfc3986() {
        return namespace + "/rfc3986";
    }

    /** The version whose discovery namespace is {@code uri}, or null. */
    public static DiscoveryVersion ofNamespace(String uri) {
        for (DiscoveryVersion v : values()) {
            if (v.namespace.equals(uri)) {
                return v;
            }
        }
        return null;
    }
}
