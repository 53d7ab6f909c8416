package org.servicedomain.node.discovery;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.VirtualPort;

/**
 * The node's virtual ports as discovery targets: a stable endpoint reference per port, its port
 * type, its address, the domain's scopes and its quality scopes. {@link #refresh()} compares them
 * with the last ones and raises a port's MetadataVersion when its types or scopes changed; a port
 * that appears (again) starts above both the node's InstanceId and any version it had before, as
 * {@link DiscoveryState} remembers them across restarts. Probes are answered from the last refresh.
 */
final class VirtualPortTargets {

    /** The scope every virtual port carries, so nodes never register each other's ports from a Hello. */
    static final String VIRTUAL_PORT_SCOPE = "urn:sd:virtual-port";
    static final String PORTS_PATH = "/services/ports/";

    /** What changed since the last refresh. */
    record Changes(List<EndpointDescription> announced, List<EndpointDescription> gone) {
    }

    private final Supplier<CatalogSnapshot> catalog;
    private final String baseUrl;
    private final List<String> scopes;
    private final PortQuality quality;
    private final long firstVersion;
    private final DiscoveryState state;
    private volatile Map<String, EndpointDescription> current = Map.of();
    /** The catalog the targets were last computed from, to tell when a probe must not use them as they are. */
    private volatile CatalogSnapshot refreshedFrom;

    VirtualPortTargets(Supplier<CatalogSnapshot> catalog, String baseUrl, List<String> scopes, PortQuality quality,
            long firstVersion, DiscoveryState state) {
        this.catalog = catalog;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.scopes = List.copyOf(scopes);
        this.quality = quality;
        this.firstVersion = firstVersion;
        this.state = state;
    }

    /** The targets as of the last refresh. */
    List<EndpointDescription> current() {
        return List.copyOf(current.values());
    }

    /** Whether {@code address} is the endpoint reference of one of this node's virtual ports. */
    boolean isOwn(String address) {
        return current.values().stream().anyMatch(t -> t.address().equals(address));
    }

    /**
     * The changes since the last refresh when the catalog changed since then (a port registered a moment
     * ago), else none: cheap enough for every Probe, so a port is found as soon as its registration returns.
     */
    Changes refreshIfCatalogChanged() {
        if (catalog.get() == refreshedFrom) {
            return new Changes(List.of(), List.of());
        }
        synchronized (this) {
            return catalog.get() == refreshedFrom ? new Changes(List.of(), List.of()) : refresh();
        }
    }

    /** Re-reads the catalog and the quality figures; only ports with an instance are targets. */
    synchronized Changes refresh() {
        CatalogSnapshot snapshot = catalog.get();
        Map<String, EndpointDescription> previous = current;
        Map<String, EndpointDescription> next = new HashMap<>();
        List<EndpointDescription> announced = new ArrayList<>();
        double load = quality.loadIndex();
        for (VirtualPort port : snapshot.ports()) {
            if (snapshot.instancesOf(port.name()).isEmpty()) {
                continue;
            }
            List<String> portScopes = new ArrayList<>(scopes);
            portScopes.add(VIRTUAL_PORT_SCOPE);
            portScopes.addAll(QualityScopes.of(load, quality.p95Ms(port.name())));
            EndpointDescription before = previous.get(port.name());
            EndpointDescription target = new EndpointDescription(endpointReference(port.name()), List.of(port.portType()),
                    portScopes, List.of(baseUrl + PORTS_PATH + port.name()), firstVersion);
            if (before == null) {
                target = withVersion(target, Math.max(firstVersion, state.lastVersion(target.address()) + 1));
                announced.add(target);
            } else if (!before.types().equals(target.types()) || !before.scopes().equals(target.scopes())
                    || !before.xaddrs().equals(target.xaddrs())) {
                target = withVersion(target, before.metadataVersion() + 1);
                announced.add(target);
            } else {
                target = before;
            }
            next.put(port.name(), target);
        }
        List<EndpointDescription> gone = previous.entrySet().stream().filter(e -> !next.containsKey(e.getKey()))
                .map(Map.Entry::getValue).toList();
        if (!announced.isEmpty()) {
            Map<String, Long> versions = new HashMap<>();
            announced.forEach(t -> versions.put(t.address(), t.metadataVersion()));
            state.recordVersions(versions);
        }
        current = Map.copyOf(next);
        refreshedFrom = snapshot;
        return new Changes(announced, gone);
    }

    private static EndpointDescription withVersion(EndpointDescription target, long version) {
        return new EndpointDescription(target.address(), target.types(), target.scopes(), target.xaddrs(), version);
    }

    /** A stable {@code urn:uuid} of a port at this node's address, the same across restarts. */
    String endpointReference(String portName) {
        return "urn:uuid:" + UUID.nameUUIDFromBytes((baseUrl + PORTS_PATH + portName).getBytes(StandardCharsets.UTF_8));
    }
}
