package org.servicedomain.node.catalog;

import java.net.URI;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.xml.namespace.QName;
import org.servicedomain.node.catalog.Catalog.Registered;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceName;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.LogText;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.core.StateLimits;
import org.servicedomain.node.core.VirtualPort;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Files a registration: fetches and reads its WSDL, checks its endpoints, and files one instance per
 * port type in the virtual port of that port type (or the one the policy places it into), creating
 * ports as needed, in one published change.
 */
final class RegistrationFiling {

    private static final Logger LOG = LoggerFactory.getLogger(RegistrationFiling.class);

    private final WsdlSource wsdlSource;
    private final EndpointCheck endpointCheck;
    private final StateLimits limits;
    private final SnapshotPublisher publisher;
    private final PlacementMoves placements;
    private final ServiceDescriptionParser parser = new ServiceDescriptionParser();

    RegistrationFiling(WsdlSource wsdlSource, EndpointCheck endpointCheck, StateLimits limits,
            SnapshotPublisher publisher, PlacementMoves placements) {
        this.wsdlSource = wsdlSource;
        this.endpointCheck = endpointCheck;
        this.limits = limits;
        this.publisher = publisher;
        this.placements = placements;
    }

    /** See {@link Catalog#register(RegistrationRequest, RegistrationClaim)}. */
    List<Registered> register(RegistrationRequest request, RegistrationClaim claim) {
        byte[] wsdl;
        ServiceDescription description;
        try {
            wsdl = wsdlSource.fetch(request.wsdlLocation());
            description = parser.parse(wsdl, request.wsdlLocation());
        } catch (NodeFault fault) {
            if (fault.code() != FaultCode.WsdlUnreadable) {
                throw fault;
            }
            LOG.info("registration refused: {}{}", LogText.of(fault.getMessage()),
                    fault.getCause() == null ? "" : " (" + LogText.of(String.valueOf(fault.getCause())) + ")");
            String location = WsdlLocations.withoutCredentials(request.wsdlLocation());
            throw new UnreadableWsdl(location, fault.getMessage(), fault);
        }
        String digest = sha256(wsdl);
        List<QName> portTypes = request.portType() != null ? List.of(request.portType()) : description.boundPortTypes();
        checkEndpoints(request, description, portTypes);
        return publisher.change(() -> file(request, claim, wsdl, description, digest, portTypes));
    }

    /**
     * Saves the WSDL first (the union WSDL of a port a placed port type joins reads it), then files;
     * a registration refused on the way drops the WSDL again unless the catalog already refers to it.
     */
    private List<Registered> file(RegistrationRequest request, RegistrationClaim claim, byte[] wsdl,
            ServiceDescription description, String digest, List<QName> portTypes) {
        publisher.saveWsdl(digest, wsdl);
        try {
            return filed(request, claim, description, digest, portTypes);
        } catch (RuntimeException refused) {
            publisher.dropUnreferencedWsdls();
            throw refused;
        }
    }

    private List<Registered> filed(RegistrationRequest request, RegistrationClaim claim, ServiceDescription description,
            String digest, List<QName> portTypes) {
        CatalogSnapshot next = publisher.current();
        List<Registered> registered = new ArrayList<>();
        for (QName portType : portTypes) {
            VirtualPort port = placements.placedPort(next, portType);
            if (port == null) {
                port = next.portFor(portType).orElse(null);
            }
            SoapVersion preferred = port != null ? port.soapVersion() : null;
            PortTypeBinding binding = description.bindingFor(portType, preferred).orElseThrow(() ->
                    new NodeFault(FaultCode.WsdlUnreadable, "WSDL at " + request.wsdlLocation()
                            + " has no SOAP binding of port type " + portType));
            if (port == null) {
                if (next.ports().size() >= limits.maxVirtualPorts()) {
                    throw new NodeFault(FaultCode.BadRequest, "the node holds its maximum of "
                            + limits.maxVirtualPorts() + " virtual ports; unregister some first");
                }
                port = SnapshotLoader.virtualPort(uniqueName(next, portType), description, binding, digest);
                next = next.withPort(port);
            } else if (port.soapVersion() != binding.soapVersion()) {
                throw new NodeFault(FaultCode.BadRequest, "virtual port " + port.name() + " speaks SOAP "
                        + port.soapVersion().label() + " but " + request.wsdlLocation() + " binds " + portType
                        + " only with SOAP " + binding.soapVersion().label());
            }
            boolean placed = !port.portType().equals(portType);
            if (placed) {
                PlacementMoves.requireOverlap(port, binding.portType(), binding.operationsByElement(), request.wsdlLocation());
            }
            Instance instance = instanceFor(next, request, port, binding, digest, claim);
            if (next.instance(instance.id()).isEmpty() && next.instances().size() >= limits.maxInstances()) {
                throw new NodeFault(FaultCode.BadRequest, "the node holds its maximum of "
                        + limits.maxInstances() + " instances; unregister some first");
            }
            next = next.withInstance(instance);
            if (placed) {
                next = next.withPlacedType(port.name(), PlacedPortType.of(instance));
            }
            registered.add(new Registered(instance, port));
        }
        publisher.publish(next);
        registered.forEach(r -> LOG.info("registered instance {} at {} on virtual port {}",
                r.instance().id(), LogText.of(r.instance().endpointAddress()), r.port().name()));
        return registered;
    }

    /** Checks, outside the change lock (it may ask DNS), every endpoint the registration could file. */
    private void checkEndpoints(RegistrationRequest request, ServiceDescription description, List<QName> portTypes) {
        if (request.endpointAddress() != null) {
            endpointCheck.check(request.endpointAddress());
            return;
        }
        description.bindings().stream()
                .filter(b -> portTypes.contains(b.portType()) && b.endpointAddress() != null)
                .forEach(b -> endpointCheck.check(b.endpointAddress()));
    }

    private static Instance instanceFor(CatalogSnapshot current, RegistrationRequest request, VirtualPort port,
            PortTypeBinding binding, String digest, RegistrationClaim claim) {
        String endpoint = request.endpointAddress() != null ? request.endpointAddress() : binding.endpointAddress();
        if (endpoint == null || endpoint.isBlank()) {
            throw new NodeFault(FaultCode.WsdlUnreadable, "WSDL at " + request.wsdlLocation()
                    + " gives no soap:address for binding " + binding.binding() + "; pass endpointAddress");
        }
        requireHttpUrl(endpoint);
        Long timeout = request.timeoutMs() == null ? null : Catalog.positiveTimeout(request.timeoutMs());
        String sameEndpoint = EndpointKey.of(endpoint);
        for (Instance existing : current.instancesOf(port.name())) {
            if (EndpointKey.of(existing.endpointAddress()).equals(sameEndpoint)) {
                Map<String, String> attributes = withWsdlService(claim.attributes(existing, request.attributes()), binding);
                return new Instance(existing.id(), port.name(), binding.portType(), endpoint, request.wsdlLocation(),
                        digest, claim.supplierLevels(existing, request.supplierLevels()), timeout, attributes, existing.state(),
                        existing.stateData(), binding.operationsByElement(), placedActions(port, binding));
            }
        }
        Map<String, String> attributes = withWsdlService(claim.attributes(null, request.attributes()), binding);
        String id;
        do {
            id = port.name() + "-" + UUID.randomUUID().toString().substring(0, 8);
        } while (current.instance(id).isPresent());
        return new Instance(id, port.name(), binding.portType(), endpoint, request.wsdlLocation(), digest,
                claim.supplierLevels(null, request.supplierLevels()), timeout, attributes, InstanceState.OPERATIONAL, null,
                binding.operationsByElement(), placedActions(port, binding));
    }

    /** The binding's SOAPActions, which an instance placed into another port type's virtual port needs; else none. */
    private static Map<String, String> placedActions(VirtualPort port, PortTypeBinding binding) {
        return port.portType().equals(binding.portType()) ? null : binding.soapActions();
    }

    /**
     * {@code attributes} with the local name of the binding's WSDL service (the provider's own name for
     * its service, e.g. {@code BlastBlueService}) as {@link InstanceName#WSDL_SERVICE}, when the WSDL
     * names one, so an instance given no name is shown by it.
     */
    private static Map<String, String> withWsdlService(Map<String, String> attributes, PortTypeBinding binding) {
        if (binding.serviceName() == null || binding.serviceName().getLocalPart().isBlank()) {
            return attributes;
        }
        Map<String, String> filed = new HashMap<>(attributes);
        filed.put(InstanceName.WSDL_SERVICE, binding.serviceName().getLocalPart());
        return filed;
    }

    private static void requireHttpUrl(String endpoint) {
        try {
            URI uri = URI.create(endpoint);
            if (("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
                    && uri.getHost() != null) {
                return;
            }
        } catch (IllegalArgumentException e) {
            LOG.debug("endpoint {} is not a URI", endpoint, e);
        }
        throw new NodeFault(FaultCode.BadRequest, "endpoint address " + endpoint + " is not an http or https URL");
    }

    private static String uniqueName(CatalogSnapshot snapshot, QName portType) {
        String base = portType.getLocalPart();
        String name = base;
        for (int n = 2; snapshot.port(name).isPresent(); n++) {
            name = base + n;
        }
        return name;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }
}
