package org.servicedomain.node.entry.home;

import jakarta.annotation.Resource;
import jakarta.jws.WebService;
import jakarta.xml.ws.WebServiceContext;
import org.servicedomain.home.v1.GetBill;
import org.servicedomain.home.v1.GetBillResponse;
import org.servicedomain.home.v1.GetDomainInfo;
import org.servicedomain.home.v1.GetDomainInfoResponse;
import org.servicedomain.home.v1.GetEvents;
import org.servicedomain.home.v1.GetEventsResponse;
import org.servicedomain.home.v1.GetPlacementProposals;
import org.servicedomain.home.v1.GetPlacementProposalsResponse;
import org.servicedomain.home.v1.GetPolicy;
import org.servicedomain.home.v1.GetPolicyResponse;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.GetSessions;
import org.servicedomain.home.v1.GetSessionsResponse;
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
import org.servicedomain.home.v1.PlanQos;
import org.servicedomain.home.v1.PlanQosResponse;
import org.servicedomain.home.v1.PreviewPolicy;
import org.servicedomain.home.v1.PreviewPolicyResponse;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.RegisterResponse;
import org.servicedomain.home.v1.RemoveUser;
import org.servicedomain.home.v1.RemoveUserResponse;
import org.servicedomain.home.v1.RemoveVirtualPort;
import org.servicedomain.home.v1.RemoveVirtualPortResponse;
import org.servicedomain.home.v1.SetDomainInfo;
import org.servicedomain.home.v1.SetDomainInfoResponse;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.home.v1.SetPolicyResponse;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.home.v1.SetServiceInfoResponse;
import org.servicedomain.home.v1.SetUser;
import org.servicedomain.home.v1.SetUserResponse;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.home.v1.UnregisterResponse;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.entry.port.VirtualPortFront;
import org.servicedomain.node.session.SessionRegistry;
import org.servicedomain.node.tracing.TraceHeaders;

/**
 * The home port: the SOAP port of administrative operations, implementing the contract of
 * {@code home.wsdl}. Each operation says how it runs (audited or not) and hands its work to the
 * group of operations it belongs to: registrations, settings, users and the reports. Every failure
 * leaves as a {@link HomeFault} with a code, never a stack trace.
 */
@WebService(endpointInterface = "org.servicedomain.home.v1.HomePortType",
        serviceName = "HomeService", portName = "HomePort", targetNamespace = "urn:sd:home:1",
        wsdlLocation = "classpath:org/servicedomain/schemas/home.wsdl")
public class HomePort implements HomePortType {

    private final SessionRegistry sessions;
    private final NodeEvents events;
    private final Catalog catalog;
    private final HomeExchange exchange;
    private final HomeAccess access;
    private final HomeCalls calls;
    private final HomeRegistrations registrations;
    private final HomeSettings settings;
    private final HomeUsers users;
    private final HomeServiceInfo serviceInfo;
    private final HomeBill bill;
    private final HomeInvocation invocation;

    @Resource
    private WebServiceContext context;

    public HomePort(HomeNode node, VirtualPortFront front) {
        this.sessions = node.sessions();
        this.events = node.events();
        this.catalog = node.catalog();
        this.exchange = new HomeExchange(() -> context);
        this.access = new HomeAccess(node.hierarchy(), node.users(), node.sessions(), exchange);
        this.calls = new HomeCalls(exchange, access, node.audit());
        InstanceFigures figures = new InstanceFigures(node.monitor(), node.health(), node.statistics(), node.priorityFlows());
        this.registrations = new HomeRegistrations(node.catalog(), node.policy(), node.hierarchy(), node.events(), figures,
                new HomeRegistrations.Limits(node.config().stateLimits().maxInstancesPerProvider(),
                        node.config().maxStateDataBytes()), access, exchange);
        this.settings = new HomeSettings(node.policy(), new HomePolicyPreview(node.policy(), node.users(), node.catalog(),
                node.config().clock(), node.config().dataDir()), node.domainInfo(), node.config().clock(), access);
        this.users = new HomeUsers(node.logins(), node.users(), node.sessions(), node.fixedChoices());
        this.serviceInfo = new HomeServiceInfo(new HomeServiceInfo.Sources(node.catalog(), node.hierarchy(), figures,
                node.outcomes(), node.metering(), node.sessions(), node.sessionActivity(), node.config().dataDir(),
                node.startedAt()), access, exchange);
        this.bill = new HomeBill(node.policy(), node.config().dataDir());
        this.invocation = new HomeInvocation(node.catalog(), node.sessions(), node.config().maxMessageBytes(), front);
    }

    @Override
    public RegisterResponse register(Register request) throws HomeFault {
        return calls.audited("register", null, AuditDetails.withoutUserInfo(request.getWsdlLocation()), AuditDetails::registered,
                () -> registrations.register(request));
    }

    @Override
    public UnregisterResponse unregister(Unregister request) throws HomeFault {
        return calls.audited("unregister", null, request.getInstanceId(), r -> null, () -> registrations.unregister(request));
    }

    @Override
    public SetServiceInfoResponse setServiceInfo(SetServiceInfo request) throws HomeFault {
        return calls.audited("setServiceInfo", null, request.getInstanceId(), r -> AuditDetails.serviceInfoChange(request),
                () -> registrations.setServiceInfo(request));
    }

    @Override
    public RemoveVirtualPortResponse removeVirtualPort(RemoveVirtualPort request) throws HomeFault {
        return calls.audited("removeVirtualPort", null, request.getVirtualPort(),
                r -> r.getInstanceId().size() + " instances removed", () -> registrations.removeVirtualPort(request));
    }

    @Override
    public SetPolicyResponse setPolicy(SetPolicy request) throws HomeFault {
        boolean validateOnly = Boolean.TRUE.equals(request.isValidateOnly());
        // validating changes nothing, so it is no administrative action
        return validateOnly ? calls.call("setPolicy", () -> settings.setPolicy(request, true))
                : calls.audited("setPolicy", null, null, r -> "version " + r.getVersion() + " active",
                        () -> settings.setPolicy(request, false));
    }

    @Override
    public PreviewPolicyResponse previewPolicy(PreviewPolicy request) throws HomeFault {
        return calls.call("previewPolicy", () -> settings.previewPolicy(request));
    }

    @Override
    public GetPolicyResponse getPolicy(GetPolicy request) throws HomeFault {
        return calls.call("getPolicy", () -> settings.getPolicy(request));
    }

    @Override
    public PlanQosResponse planQos(PlanQos request) throws HomeFault {
        return calls.call("planQos", () -> settings.planQos(request));
    }

    @Override
    public SetDomainInfoResponse setDomainInfo(SetDomainInfo request) throws HomeFault {
        return calls.audited("setDomainInfo", null, "domain", r -> DomainInfoView.change(request).summary(),
                () -> settings.setDomainInfo(request));
    }

    @Override
    public GetDomainInfoResponse getDomainInfo(GetDomainInfo request) throws HomeFault {
        return calls.call("getDomainInfo", settings::getDomainInfo);
    }

    @Override
    public LoginResponse login(Login request) throws HomeFault {
        String user = HomeArguments.blankToNull(request.getUser());
        return calls.audited("login", user == null ? HomeAccess.ANONYMOUS : user, null, r -> null,
                () -> users.login(request, exchange.remoteAddress()));
    }

    @Override
    public LogoutResponse logout(Logout request) throws HomeFault {
        String user = request.getSessionId() == null ? null
                : sessions.peek(request.getSessionId()).map(Caller::user).orElse(null);
        return calls.audited("logout", user == null ? HomeAccess.UNKNOWN_SESSION : user, null, r -> "session ended",
                () -> users.logout(request));
    }

    @Override
    public SetUserResponse setUser(SetUser request) throws HomeFault {
        return calls.audited("setUser", null, request.getUser(), r -> AuditDetails.userChange(request), () -> {
            access.requireAdministrator("setUser");
            return users.setUser(request);
        });
    }

    @Override
    public RemoveUserResponse removeUser(RemoveUser request) throws HomeFault {
        return calls.audited("removeUser", null, request.getUser(), r -> "removed: " + r.isRemoved() + "; their sessions ended",
                () -> {
                    access.requireAdministrator("removeUser");
                    return users.removeUser(request);
                });
    }

    @Override
    public GetUsersResponse getUsers(GetUsers request) throws HomeFault {
        return calls.call("getUsers", () -> {
            access.requireAdministrator("getUsers");
            return users.getUsers();
        });
    }

    @Override
    public GetSessionsResponse getSessions(GetSessions request) throws HomeFault {
        return calls.call("getSessions", () -> {
            access.requireAdministrator("getSessions");
            return OpenSessionsView.of(sessions, access.sessionHeader());
        });
    }

    @Override
    public GetServiceInfoResponse getServiceInfo(GetServiceInfo request) throws HomeFault {
        return calls.call("getServiceInfo", () -> serviceInfo.report(request));
    }

    @Override
    public GetEventsResponse getEvents(GetEvents request) throws HomeFault {
        return calls.call("getEvents", () -> {
            access.requireAdministrator("getEvents");
            return EventsView.of(request, events.recent());
        });
    }

    @Override
    public GetBillResponse getBill(GetBill request) throws HomeFault {
        return calls.call("getBill", () -> {
            HomeAccess.HomeCaller caller = access.requireSignedIn("getBill");
            return bill.bill(request, caller.isAdministrator() ? null : caller.user());
        });
    }

    /** Administrators: which virtual ports could absorb others by a placement, from the catalog as it is now. */
    @Override
    public GetPlacementProposalsResponse getPlacementProposals(GetPlacementProposals request) throws HomeFault {
        return calls.call("getPlacementProposals", () -> {
            access.requireAdministrator("getPlacementProposals");
            return PlacementProposalsView.of(catalog.snapshot());
        });
    }

    @Override
    public InvokeOperationResponse invokeOperation(InvokeOperation request) throws HomeFault {
        return calls.call("invokeOperation", () -> {
            access.caller(); // an unknown or expired sd:session header is refused, as on every operation
            InvokeOperationResponse response = new InvokeOperationResponse();
            TraceHeaders.Received trace = exchange.receivedTrace();
            response.setPayload(invocation.invoke(HomeArguments.blankToNull(request.getSessionId()),
                    HomeArguments.required(request.getVirtualPort(), "virtualPort"), HomeArguments.required(request.getOperation(), "operation"),
                    HomeArguments.required(request.getPayload(), "payload"), trace.traceparent(), trace.tracestate()));
            return response;
        });
    }
}
