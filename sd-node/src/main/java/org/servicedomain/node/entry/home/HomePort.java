package org.servicedomain.node.entry.home;

import jakarta.annotation.Resource;
import jakarta.jws.WebService;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.xml.ws.WebServiceContext;
import jakarta.xml.ws.handler.MessageContext;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.servicedomain.home.v1.Attribute;
import org.servicedomain.home.v1.GetPlacementProposals;
import org.servicedomain.home.v1.GetPlacementProposalsResponse;
import org.servicedomain.home.v1.GetPolicy;
import org.servicedomain.home.v1.GetPolicyResponse;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.node.engine.admission.InstanceCapacity;
import org.servicedomain.home.v1.GetUsers;
import org.servicedomain.home.v1.GetUsersResponse;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.InvokeOperation;
import org.servicedomain.home.v1.InvokeOperationResponse;
import org.servicedomain.home.v1.Login;
import org.servicedomain.home.v1.LoginResponse;
import org.servicedomain.home.v1.Logout;
import org.servicedomain.home.v1.LogoutResponse;
import org.servicedomain.home.v1.PreviewPolicy;
import org.servicedomain.home.v1.PreviewPolicyResponse;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.RegisterResponse;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.RemoveUser;
import org.servicedomain.home.v1.RemoveUserResponse;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.home.v1.SetPolicyResponse;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.home.v1.SetServiceInfoResponse;
import org.servicedomain.home.v1.SetUser;
import org.servicedomain.home.v1.SetUserResponse;
import org.servicedomain.home.v1.RemoveVirtualPort;
import org.servicedomain.home.v1.RemoveVirtualPortResponse;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.home.v1.UnregisterResponse;
import org.servicedomain.node.audit.AuditEntry;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.catalog.RegistrationRequest;
import org.servicedomain.node.catalog.UnreadableWsdl;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.LogText;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.RepeatedWarning;
import org.servicedomain.node.engine.monitor.RequestId;
import org.servicedomain.node.entry.children.DialledAuthority;
import org.servicedomain.node.entry.port.NodeAddress;
import org.servicedomain.node.entry.port.VirtualPortFront;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.PolicyReport;
import org.servicedomain.node.policy.PolicyStore;
import org.servicedomain.node.session.SessionActivity;
import org.servicedomain.node.storage.DiskUse;
import org.servicedomain.node.tracing.TraceHeaders;
import org.servicedomain.node.tracing.TraceParent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The home port: the SOAP port of administrative operations, implementing the contract of
 * {@code home.wsdl}. Every failure leaves as a {@link HomeFault} with a code, never a stack trace.
 */
@WebService(endpointInterface = "org.servicedomain.home.v1.HomePortType",
        serviceName = "HomeService", portName = "HomePort", targetNamespace = "urn:sd:home:1",
        wsdlLocation = "classpath:org/servicedomain/schemas/home.wsdl")
public class HomePort implements HomePortType {

    private static final Logger LOG = LoggerFactory.getLogger(HomePort.class);
    /** Changes refused while ZooKeeper is away: one line per operation per 30 s; the member logged the loss itself. */
    private static final RepeatedWarning NO_QUORUM = RepeatedWarning.infoEvery(LOG, Duration.ofSeconds(30));

    private final HomeNode node;
    private final VirtualPortFront front;
    private final HomeUsers users;
    private final HomeAccess access;

    @Resource
    private WebServiceContext context;

    public HomePort(HomeNode node, VirtualPortFront front) {
        this.node = node;
        this.front = front;
        this.users = new HomeUsers(node);
        this.access = new HomeAccess(node);
    }

    @Override
    public RegisterResponse register(Register request) throws HomeFault {
        return audited("register", null, AuditDetails.withoutUserInfo(request.getWsdlLocation()), AuditDetails::registered, () -> {
            if (ChildRegistrations.isChild(request)) {
                access.requireAdministrator(context, "register of a child node");
                return registered(ChildRegistrations.register(node, request));
            }
            HomeAccess.HomeCaller caller = access.requireProvider(context, "register");
            String wsdlLocation = HomeArguments.required(request.getWsdlLocation(), "wsdlLocation");
            String endpointAddress = HomeArguments.blankToNull(request.getEndpointAddress());
            boolean trustClaims = node.policy().current().trustsProviderClaims();
            Map<String, String> attributes = attributes(request.getAttribute());
            Set<String> levels = Instance.levelsOf(request.getSupplierLevel());
            if (!caller.isAdministrator() && !trustClaims && !levels.isEmpty()) {
                attributes.put(ProviderClaims.LEVEL_ATTRIBUTE, ProviderClaims.levelClaim(levels));
            }
            try {
                List<Catalog.Registered> filed = node.catalog().register(new RegistrationRequest(
                        wsdlLocation, endpointAddress,
                        request.getPortType(), levels, request.getTimeoutMs(),
                        attributes), InstanceNames.naming(HomeAccess.registration(caller, node.catalog()::snapshot,
                                node.config().stateLimits().maxInstancesPerProvider(), trustClaims),
                                InstanceNames.checked(request.getName())));
                return registered(filed);
            } catch (UnreadableWsdl unreadable) {
                // Only an administrator, who sets the node's networks anyway, learns why: for anyone
                // else the cause would map the networks the node reaches (security.md).
                throw caller.isAdministrator() ? unreadable.named() : unreadable;
            }
        });
    }

    private RegisterResponse registered(List<Catalog.Registered> filed) {
        RegisterResponse response = new RegisterResponse();
        for (Catalog.Registered r : filed) {
            Registration registration = new Registration();
            registration.setInstanceId(r.instance().id());
            registration.setPortType(r.port().portType());
            registration.setVirtualPort(r.port().name());
            registration.setVirtualPortAddress(NodeAddress.virtualPort(servletRequest(), r.port().name()));
            response.getRegistration().add(registration);
        }
        return response;
    }

    @Override
    public UnregisterResponse unregister(Unregister request) throws HomeFault {
        return audited("unregister", null, request.getInstanceId(), r -> null, () -> {
            ownedInstance(access.requireProvider(context, "unregister"), request.getInstanceId());
            String id = HomeArguments.required(request.getInstanceId(), "instanceId");
            Instance removed = node.hierarchy().unregisterChildOf(id).orElseGet(() -> node.catalog().unregister(id));
            UnregisterResponse response = new UnregisterResponse();
            response.setInstanceId(removed.id());
            return response;
        });
    }

    @Override
    public SetPolicyResponse setPolicy(SetPolicy request) throws HomeFault {
        boolean validateOnly = Boolean.TRUE.equals(request.isValidateOnly());
        Supplier<SetPolicyResponse> body = () -> {
            access.requireAdministrator(context, "setPolicy");
            SetPolicyResponse response = new SetPolicyResponse();
            String document = request.getDocument();
            if (document == null || document.isBlank()) {
                throw new NodeFault(FaultCode.BadRequest, "document is required");
            }
            PolicyReport report = validateOnly ? node.policy().check(document) : node.policy().apply(document);
            response.setVersion(report.version());
            response.getWarning().addAll(report.warnings());
            return response;
        };
        // validating changes nothing, so it is no administrative action
        return validateOnly ? call("setPolicy", body)
                : audited("setPolicy", null, null, r -> "version " + r.getVersion() + " active", body);
    }

    @Override
    public PreviewPolicyResponse previewPolicy(PreviewPolicy request) throws HomeFault {
        return call("previewPolicy", () -> {
            access.requireAdministrator(context, "previewPolicy");
            return new HomePolicyPreview(node).preview(request);
        });
    }

    @Override
    public GetPolicyResponse getPolicy(GetPolicy request) throws HomeFault {
        return call("getPolicy", () -> {
            access.requireSignedIn(context, "getPolicy");
            CompiledPolicy current = node.policy().current();
            long version = request.getVersion() == null ? current.version() : request.getVersion();
            GetPolicyResponse response = new GetPolicyResponse();
            response.setVersion(version);
            response.setDocument(node.policy().document(version).orElseThrow(() -> new NodeFault(FaultCode.BadRequest,
                    "policy version " + version + " is not kept; the node keeps the last " + PolicyStore.KEPT
                    + " and version 0, the default policy")));
            return response;
        });
    }

    @Override
    public SetServiceInfoResponse setServiceInfo(SetServiceInfo request) throws HomeFault {
        return audited("setServiceInfo", null, request.getInstanceId(), r -> AuditDetails.serviceInfoChange(request), () -> {
            InstanceState state = request.getState() == null ? null : InstanceState.fromWireName(request.getState().value());
            Map<String, String> attributes = request.getAttribute().isEmpty() ? null : attributeChanges(request.getAttribute());
            String stateData = InstanceStateData.checked(request.getStateData(), node.config().maxStateDataBytes());
            HomeAccess.HomeCaller caller = access.requireProvider(context, "setServiceInfo");
            ownedInstance(caller, request.getInstanceId());
            HomeAccess.requireOwnerUnchanged(caller, attributes);
            Set<String> levels = request.getSupplierLevel().isEmpty() ? null : Instance.levelsOf(request.getSupplierLevel());
            if (!caller.isAdministrator() && !node.policy().current().trustsProviderClaims()) {
                attributes = ProviderClaims.changes(attributes, levels);
                levels = null;
            }
            String name = InstanceNames.checked(request.getName());
            if (name != null) {
                attributes = attributes == null ? new LinkedHashMap<>() : new LinkedHashMap<>(attributes);
                attributes.put(InstanceNames.ATTRIBUTE, name);
            }
            Instance updated = node.catalog().update(HomeArguments.required(request.getInstanceId(), "instanceId"),
                    new Catalog.InstanceUpdate(state, request.getTimeoutMs(), attributes, stateData, levels));
            SetServiceInfoResponse response = new SetServiceInfoResponse();
            response.setInstance(ServiceInfoView.of(updated, node.catalog().snapshot(), node));
            return response;
        });
    }

    @Override
    public GetServiceInfoResponse getServiceInfo(GetServiceInfo request) throws HomeFault {
        return call("getServiceInfo", () -> {
            HomeAccess.HomeCaller caller = DialledAuthority.provesParent(node.hierarchy(), servletRequest())
                    ? null : access.requireSignedIn(context, "getServiceInfo");
            if (Boolean.TRUE.equals(request.isPoll())) {
                node.hierarchy().pollAskedByParent();
            }
            CatalogSnapshot snapshot = node.catalog().snapshot();
            HttpServletRequest asked = servletRequest();
            java.util.function.UnaryOperator<String> addressOf = name -> NodeAddress.virtualPort(asked, name);
            String portName = HomeArguments.blankToNull(request.getVirtualPort());
            String instanceId = HomeArguments.blankToNull(request.getInstanceId());
            GetServiceInfoResponse response = new GetServiceInfoResponse();
            if (portName != null && snapshot.port(portName).isEmpty()) {
                throw new NodeFault(FaultCode.UnknownVirtualPort, "no virtual port named '" + portName + "'");
            }
            if (instanceId != null) {
                Instance instance = snapshot.instance(instanceId).orElseThrow(() ->
                        new NodeFault(FaultCode.UnknownInstance, "no instance has id " + instanceId));
                response.getVirtualPort().add(ServiceInfoView.withOutcomes(ServiceInfoView.of(
                        snapshot.port(instance.virtualPort()).orElseThrow(), snapshot, addressOf, node.statistics()), node.outcomes()));
                response.getInstance().add(ServiceInfoView.of(instance, snapshot, node));
                addSession(request, response);
                return response;
            }
            snapshot.ports().stream().filter(p -> portName == null || p.name().equals(portName))
                    .forEach(p -> response.getVirtualPort().add(ServiceInfoView.withOutcomes(
                            ServiceInfoView.of(p, snapshot, addressOf, node.statistics()), node.outcomes())));
            snapshot.instances().stream().filter(i -> portName == null || i.virtualPort().equals(portName))
                    .forEach(i -> response.getInstance().add(ServiceInfoView.of(i, snapshot, node)));
            node.metering().usage(portName).stream()
                    .filter(u -> caller == null || caller.isAdministrator() || java.util.Objects.equals(u.user(), caller.user()))
                    .forEach(u -> response.getUsage().add(ServiceInfoView.of(u)));
            addSession(request, response);
            if (caller != null && caller.isAdministrator()) {
                response.setDataBytes(DiskUse.of(node.config().dataDir()));
                response.setMeteringBytes(node.metering().bytesOnDisk());
            }
            if (Boolean.TRUE.equals(request.isTopology())) {
                response.setNode(ChildRegistrations.topology(node, response, NodeAddress.base(asked)));
            }
            response.getFlow().addAll(FlowInfoView.of(node.priorityFlows(), portName));
            if (caller != null) {
                response.setNodeVersion(org.servicedomain.node.NodeVersion.current().version());
                response.setNodeBuild(org.servicedomain.node.NodeVersion.current().build());
                response.setStartedAt(StatisticsView.time(node.startedAt()));
            }
            return response;
        });
    }

    /** The recent activity of the session the request names, if it names one; an unknown session is refused. */
    private void addSession(GetServiceInfo request, GetServiceInfoResponse response) {
        String sessionId = HomeArguments.blankToNull(request.getSessionId());
        if (sessionId == null) {
            return;
        }
        Caller caller = node.sessions().peek(sessionId).orElseThrow(() ->
                new NodeFault(FaultCode.BadRequest, "no open session has that id"));
        response.setSession(StatisticsView.of(sessionId, node.sessionActivity().of(sessionId)
                .orElseGet(() -> new SessionActivity.Activity(caller.user(), List.of()))));
    }

    @Override
    public LoginResponse login(Login request) throws HomeFault {
        String user = HomeArguments.blankToNull(request.getUser());
        return audited("login", user == null ? HomeAccess.ANONYMOUS : user, null, r -> null,
                () -> users.login(request, context == null ? null : servletRequest().getRemoteAddr()));
    }

    @Override
    public LogoutResponse logout(Logout request) throws HomeFault {
        String user = request.getSessionId() == null ? null
                : node.sessions().peek(request.getSessionId()).map(Caller::user).orElse(null);
        return audited("logout", user == null ? HomeAccess.UNKNOWN_SESSION : user, null, r -> "session ended",
                () -> users.logout(request));
    }

    @Override
    public SetUserResponse setUser(SetUser request) throws HomeFault {
        return audited("setUser", null, request.getUser(), r -> AuditDetails.userChange(request), () -> {
            access.requireAdministrator(context, "setUser");
            return users.setUser(request);
        });
    }

    @Override
    public RemoveUserResponse removeUser(RemoveUser request) throws HomeFault {
        return audited("removeUser", null, request.getUser(), r -> "removed: " + r.isRemoved() + "; their sessions ended", () -> {
            access.requireAdministrator(context, "removeUser");
            return users.removeUser(request);
        });
    }

    /** Undoes registrations: the port and all its instances leave the catalog at once; the removal is an event. */
    @Override
    public RemoveVirtualPortResponse removeVirtualPort(RemoveVirtualPort request) throws HomeFault {
        return audited("removeVirtualPort", null, request.getVirtualPort(),
                r -> r.getInstanceId().size() + " instances removed", () -> {
            HomeAccess.HomeCaller caller = access.requireAdministrator(context, "removeVirtualPort");
            String name = HomeArguments.required(request.getVirtualPort(), "virtualPort");
            node.policy().whereNamed(name).ifPresent(where -> {
                throw new NodeFault(FaultCode.BadRequest, "virtual port " + name + " is named by the active policy (version "
                        + node.policy().current().version() + ", " + where + "); set a policy without it first");
            });
            node.catalog().snapshot().instancesOf(name).forEach(i -> node.hierarchy().unregisterChildOf(i.id()));
            List<Instance> removed = node.catalog().removePort(name);
            node.events().publish(NodeEvent.Type.VIRTUAL_PORT_REMOVED, name, null, "virtual port " + name + " and its "
                    + removed.size() + " instances were removed by " + (caller.user() == null ? "an anonymous caller" : caller.user()));
            RemoveVirtualPortResponse response = new RemoveVirtualPortResponse();
            removed.forEach(i -> response.getInstanceId().add(i.id()));
            return response;
        });
    }

    @Override
    public GetUsersResponse getUsers(GetUsers request) throws HomeFault {
        return call("getUsers", () -> {
            access.requireAdministrator(context, "getUsers");
            return users.getUsers();
        });
    }

    @Override
    public InvokeOperationResponse invokeOperation(InvokeOperation request) throws HomeFault {
        return call("invokeOperation", () -> {
            access.caller(context); // an unknown or expired sd:session header is refused, as on every operation
            InvokeOperationResponse response = new InvokeOperationResponse();
            TraceHeaders.Received trace = receivedTrace();
            response.setPayload(new HomeInvocation(node, front).invoke(HomeArguments.blankToNull(request.getSessionId()),
                    HomeArguments.required(request.getVirtualPort(), "virtualPort"), HomeArguments.required(request.getOperation(), "operation"),
                    HomeArguments.required(request.getPayload(), "payload"), trace.traceparent(), trace.tracestate()));
            return response;
        });
    }

    @Override
    public org.servicedomain.home.v1.GetEventsResponse getEvents(org.servicedomain.home.v1.GetEvents request) throws HomeFault {
        return call("getEvents", () -> {
            access.requireAdministrator(context, "getEvents");
            return EventsView.of(request, node.events().recent());
        });
    }

    @Override
    public org.servicedomain.home.v1.GetSessionsResponse getSessions(org.servicedomain.home.v1.GetSessions request)
            throws HomeFault {
        return call("getSessions", () -> {
            access.requireAdministrator(context, "getSessions");
            return OpenSessionsView.of(node.sessions(), HomeAccess.sessionHeader(context));
        });
    }

    @Override
    public org.servicedomain.home.v1.PlanQosResponse planQos(org.servicedomain.home.v1.PlanQos request) throws HomeFault {
        return call("planQos", () -> {
            access.requireSignedIn(context, "planQos");
            String document = HomeArguments.required(request.getDocument(), "document");
            org.servicedomain.home.v1.PlanQosResponse response = new org.servicedomain.home.v1.PlanQosResponse();
            response.setResult(org.servicedomain.node.qos.QosPlanCommand.plan(
                    document.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            return response;
        });
    }

    @Override
    public org.servicedomain.home.v1.GetBillResponse getBill(org.servicedomain.home.v1.GetBill request) throws HomeFault {
        return call("getBill", () -> {
            HomeAccess.HomeCaller caller = access.requireSignedIn(context, "getBill");
            return new HomeBill(node).bill(request, caller.isAdministrator() ? null : caller.user());
        });
    }

    @Override
    public org.servicedomain.home.v1.SetDomainInfoResponse setDomainInfo(org.servicedomain.home.v1.SetDomainInfo request)
            throws HomeFault {
        return audited("setDomainInfo", null, "domain", r -> DomainInfoView.change(request).summary(), () -> {
            HomeAccess.HomeCaller caller = access.requireAdministrator(context, "setDomainInfo");
            return DomainInfoView.set(node.domainInfo(), DomainInfoView.change(request),
                    caller.user() == null ? HomeAccess.ANONYMOUS : caller.user(), node.config().clock().instant());
        });
    }

    /** Open to every caller: the same text is in every virtual port's WSDL; an unknown session header is still refused. */
    @Override
    public org.servicedomain.home.v1.GetDomainInfoResponse getDomainInfo(org.servicedomain.home.v1.GetDomainInfo request)
            throws HomeFault {
        return call("getDomainInfo", () -> {
            access.caller(context);
            return DomainInfoView.get(node.domainInfo());
        });
    }

    /** Administrators: which virtual ports could absorb others by a placement, from the catalog as it is now. */
    @Override
    public GetPlacementProposalsResponse getPlacementProposals(GetPlacementProposals request) throws HomeFault {
        return call("getPlacementProposals", () -> {
            access.requireAdministrator(context, "getPlacementProposals");
            return PlacementProposalsView.of(node.catalog().snapshot());
        });
    }

    /** The trace headers of the home-port call, read as every entry reads them; none when called without HTTP. */
    private TraceHeaders.Received receivedTrace() {
        MessageContext message = context == null ? null : context.getMessageContext();
        return message != null && message.get(MessageContext.SERVLET_REQUEST) instanceof HttpServletRequest http
                ? TraceHeaders.received(http.getHeaders(TraceParent.HEADER).asIterator(),
                        http.getHeaders(TraceParent.STATE_HEADER).asIterator())
                : TraceHeaders.Received.NONE;
    }

    /**
     * Runs one operation under a request id (the client's {@code X-Request-Id} if sane, echoed in the
     * answer and in the MDC of every log line), turning every failure into a HomeFault with a code.
     */
    private <T> T call(String operation, Supplier<T> body) throws HomeFault {
        MessageContext message = context == null ? null : context.getMessageContext(); // null when called without SOAP
        HttpServletRequest http = message == null ? null : (HttpServletRequest) message.get(MessageContext.SERVLET_REQUEST);
        String requestId = RequestId.acceptOrCreate(http == null ? null : http.getHeader(RequestId.HEADER));
        MDC.put(RequestId.MDC_KEY, requestId);
        if (message != null && message.get(MessageContext.SERVLET_RESPONSE) instanceof HttpServletResponse response) {
            response.setHeader(RequestId.HEADER, requestId);
        }
        try {
            return body.get();
        } catch (NodeFault fault) {
            if (fault.code() == FaultCode.NoQuorum) {
                NO_QUORUM.log(operation, operation + " refused: " + LogText.of(fault.getMessage()), fault.getCause());
            } else {
                LOG.info("{} refused: {}", operation, LogText.of(fault.getMessage()));
            }
            throw HomeFaults.of(fault);
        } catch (IllegalArgumentException e) {
            LOG.info("{} refused: {}", operation, LogText.of(e.getMessage()));
            throw HomeFaults.of(new NodeFault(FaultCode.BadRequest, e.getMessage()));
        } catch (RuntimeException e) {
            LOG.error("{} failed inside the node", operation, e);
            throw HomeFaults.of(new NodeFault(FaultCode.InternalError, operation
                    + " failed inside the node; its log has the details under request id " + requestId));
        } finally {
            MDC.remove(RequestId.MDC_KEY);
        }
    }

    /**
     * Runs an administrative operation as {@link #call} does and files it in the audit trail with its
     * outcome: {@code who} when the operation names its caller itself (login, logout), else whoever
     * the session header turned out to be; the caller's address as Tomcat sees it (behind a trusted
     * proxy, the forwarded one). {@code target} and {@code detail} must carry no secret.
     */
    private <T> T audited(String operation, String who, String target, Function<T, String> detail, Supplier<T> body)
            throws HomeFault {
        String from = context == null || context.getMessageContext() == null ? null : servletRequest().getRemoteAddr();
        access.takeResolvedCaller();
        try {
            T result = call(operation, body);
            node.audit().record(who(who), operation, target, from, AuditEntry.OK, detail.apply(result));
            return result;
        } catch (HomeFault fault) {
            node.audit().record(who(who), operation, target, from, fault.getFaultInfo().getCode(), null);
            throw fault;
        } finally {
            access.takeResolvedCaller();
        }
    }

    private String who(String named) {
        if (named != null) {
            return named;
        }
        String resolved = access.takeResolvedCaller();
        return resolved != null ? resolved : HomeAccess.ANONYMOUS;
    }

    /** Refuses unless {@code caller} may change the instance {@code instanceId}; an unknown id is left to the catalog. */
    private void ownedInstance(HomeAccess.HomeCaller caller, String instanceId) {
        node.catalog().snapshot().instance(HomeArguments.required(instanceId, "instanceId"))
                .ifPresent(instance -> HomeAccess.requireOwner(caller, instance));
    }

    private HttpServletRequest servletRequest() {
        return (HttpServletRequest) context.getMessageContext().get(MessageContext.SERVLET_REQUEST);
    }

    private static Map<String, String> attributes(List<Attribute> attributes) {
        Map<String, String> map = new LinkedHashMap<>();
        for (Attribute a : attributes) {
            String name = HomeArguments.required(a.getName(), "attribute name");
            if (a.getValue() != null && !a.getValue().isEmpty()) {
                map.put(name, checkedCapacity(name, a.getValue()));
            }
        }
        return map;
    }

    /** Attribute changes as given, where an empty value asks for the attribute's removal. */
    private static Map<String, String> attributeChanges(List<Attribute> attributes) {
        Map<String, String> map = new LinkedHashMap<>();
        for (Attribute a : attributes) {
            String name = HomeArguments.required(a.getName(), "attribute name");
            String value = a.getValue() == null ? "" : a.getValue();
            map.put(name, value.isEmpty() ? value : checkedCapacity(name, value));
        }
        return map;
    }

    /** The value of an attribute, refused when it is a capacity that is not a positive number. */
    private static String checkedCapacity(String name, String value) {
        if (InstanceCapacity.ATTRIBUTE.equals(name) && InstanceCapacity.set(Map.of(name, value)) == null) {
            throw new NodeFault(FaultCode.BadRequest, "attribute " + name + " must be a positive number of requests per second but was '"
                    + value + "'");
        }
        return value;
    }
}
