package org.servicedomain.node.entry.home;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.RegisterResponse;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.RemoveVirtualPort;
import org.servicedomain.home.v1.RemoveVirtualPortResponse;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.home.v1.SetServiceInfoResponse;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.home.v1.UnregisterResponse;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.RegistrationRequest;
import org.servicedomain.node.catalog.UnreadableWsdl;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.entry.port.NodeAddress;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.policy.ActivePolicy;

/**
 * The home operations of providers and of the administrators who file them: {@code register},
 * {@code unregister}, {@code setServiceInfo} and {@code removeVirtualPort}. A provider changes only
 * the instances it owns; what it claims of itself is kept apart unless the policy trusts it.
 */
final class HomeRegistrations {

    /**
     * The limits a registration and a change of an instance are held to.
     *
     * @param maxInstancesPerProvider instances one provider may own
     * @param maxStateDataBytes the most state data (UTF-8 bytes) an instance may record
     */
    record Limits(int maxInstancesPerProvider, int maxStateDataBytes) {
    }

    private final Catalog catalog;
    private final ActivePolicy policy;
    private final Hierarchy hierarchy;
    private final NodeEvents events;
    private final InstanceFigures figures;
    private final Limits limits;
    private final HomeAccess access;
    private final HomeExchange exchange;

    HomeRegistrations(Catalog catalog, ActivePolicy policy, Hierarchy hierarchy, NodeEvents events, InstanceFigures figures,
            Limits limits, HomeAccess access, HomeExchange exchange) {
        this.catalog = catalog;
        this.policy = policy;
        this.hierarchy = hierarchy;
        this.events = events;
        this.figures = figures;
        this.limits = limits;
        this.access = access;
        this.exchange = exchange;
    }

    RegisterResponse register(Register request) {
        if (ChildRegistrations.isChild(request)) {
            access.requireAdministrator("register of a child node");
            return registered(ChildRegistrations.register(hierarchy, request));
        }
        HomeAccess.HomeCaller caller = access.requireProvider("register");
        String wsdlLocation = HomeArguments.required(request.getWsdlLocation(), "wsdlLocation");
        String endpointAddress = HomeArguments.blankToNull(request.getEndpointAddress());
        boolean trustClaims = policy.current().trustsProviderClaims();
        Map<String, String> attributes = InstanceAttributes.filed(request.getAttribute());
        Set<String> levels = Instance.levelsOf(request.getSupplierLevel());
        if (!caller.isAdministrator() && !trustClaims && !levels.isEmpty()) {
            attributes.put(ProviderClaims.LEVEL_ATTRIBUTE, ProviderClaims.levelClaim(levels));
        }
        try {
            List<Catalog.Registered> filed = catalog.register(new RegistrationRequest(
                    wsdlLocation, endpointAddress,
                    request.getPortType(), levels, request.getTimeoutMs(),
                    attributes), InstanceNames.naming(HomeAccess.registration(caller, catalog::snapshot,
                            limits.maxInstancesPerProvider(), trustClaims),
                            InstanceNames.checked(request.getName())));
            return registered(filed);
        } catch (UnreadableWsdl unreadable) {
            // Only an administrator, who sets the node's networks anyway, learns why: for anyone
            // else the cause would map the networks the node reaches (security.md).
            throw caller.isAdministrator() ? unreadable.named() : unreadable;
        }
    }

    private RegisterResponse registered(List<Catalog.Registered> filed) {
        RegisterResponse response = new RegisterResponse();
        for (Catalog.Registered r : filed) {
            Registration registration = new Registration();
            registration.setInstanceId(r.instance().id());
            registration.setPortType(r.port().portType());
            registration.setVirtualPort(r.port().name());
            registration.setVirtualPortAddress(NodeAddress.virtualPort(exchange.request(), r.port().name()));
            response.getRegistration().add(registration);
        }
        return response;
    }

    UnregisterResponse unregister(Unregister request) {
        ownedInstance(access.requireProvider("unregister"), request.getInstanceId());
        String id = HomeArguments.required(request.getInstanceId(), "instanceId");
        Instance removed = hierarchy.unregisterChildOf(id).orElseGet(() -> catalog.unregister(id));
        UnregisterResponse response = new UnregisterResponse();
        response.setInstanceId(removed.id());
        return response;
    }

    SetServiceInfoResponse setServiceInfo(SetServiceInfo request) {
        InstanceState state = request.getState() == null ? null : InstanceState.fromWireName(request.getState().value());
        Map<String, String> attributes = request.getAttribute().isEmpty() ? null : InstanceAttributes.changes(request.getAttribute());
        String stateData = InstanceStateData.checked(request.getStateData(), limits.maxStateDataBytes());
        HomeAccess.HomeCaller caller = access.requireProvider("setServiceInfo");
        ownedInstance(caller, request.getInstanceId());
        HomeAccess.requireOwnerUnchanged(caller, attributes);
        Set<String> levels = request.getSupplierLevel().isEmpty() ? null : Instance.levelsOf(request.getSupplierLevel());
        if (!caller.isAdministrator() && !policy.current().trustsProviderClaims()) {
            attributes = ProviderClaims.changes(attributes, levels);
            levels = null;
        }
        String name = InstanceNames.checked(request.getName());
        if (name != null) {
            attributes = attributes == null ? new LinkedHashMap<>() : new LinkedHashMap<>(attributes);
            attributes.put(InstanceNames.ATTRIBUTE, name);
        }
        Instance updated = catalog.update(HomeArguments.required(request.getInstanceId(), "instanceId"),
                new Catalog.InstanceUpdate(state, request.getTimeoutMs(), attributes, stateData, levels));
        SetServiceInfoResponse response = new SetServiceInfoResponse();
        response.setInstance(ServiceInfoView.of(updated, catalog.snapshot(), figures));
        return response;
    }

    /** Undoes registrations: the port and all its instances leave the catalog at once; the removal is an event. */
    RemoveVirtualPortResponse removeVirtualPort(RemoveVirtualPort request) {
        HomeAccess.HomeCaller caller = access.requireAdministrator("removeVirtualPort");
        String name = HomeArguments.required(request.getVirtualPort(), "virtualPort");
        policy.whereNamed(name).ifPresent(where -> {
            throw new NodeFault(FaultCode.BadRequest, "virtual port " + name + " is named by the active policy (version "
                    + policy.current().version() + ", " + where + "); set a policy without it first");
        });
        catalog.snapshot().instancesOf(name).forEach(i -> hierarchy.unregisterChildOf(i.id()));
        List<Instance> removed = catalog.removePort(name);
        events.publish(NodeEvent.Type.VIRTUAL_PORT_REMOVED, name, null, "virtual port " + name + " and its "
                + removed.size() + " instances were removed by " + (caller.user() == null ? "an anonymous caller" : caller.user()));
        RemoveVirtualPortResponse response = new RemoveVirtualPortResponse();
        removed.forEach(i -> response.getInstanceId().add(i.id()));
        return response;
    }

    /** Refuses unless {@code caller} may change the instance {@code instanceId}; an unknown id is left to the catalog. */
    private void ownedInstance(HomeAccess.HomeCaller caller, String instanceId) {
        catalog.snapshot().instance(HomeArguments.required(instanceId, "instanceId"))
                .ifPresent(instance -> HomeAccess.requireOwner(caller, instance));
    }
}
