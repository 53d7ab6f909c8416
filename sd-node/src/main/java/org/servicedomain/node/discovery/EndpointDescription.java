package org.servicedomain.node.discovery;

import java.util.List;
import java.util.Objects;
import javax.xml.namespace.QName;

/**
 * What a Hello, Bye, ProbeMatch or ResolveMatch says of one target service.
 *
 * @param address the endpoint reference's address: a stable id of the service (often {@code urn:uuid:...})
 * @param types the port types it implements
 * @param scopes the scope URIs it belongs to
 * @param xaddrs the transport addresses it is reached at
 * @param metadataVersion rises whenever anything but the xaddrs changes
 */
public record EndpointDescription(String address, List<QName> types, List<String> scopes, List<String> xaddrs,
        long metadataVersion) {

    public EndpointDescription {
        Objects.requireNonNull(address, "address");
        types = List.copyOf(types);
        scopes = List.copyOf(scopes);
        xaddrs = List.copyOf(xaddrs);
    }
}
