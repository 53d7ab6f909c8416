package org.servicedomain.client;

import jakarta.xml.ws.WebServiceException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.servicedomain.home.v1.DomainInfo;
import org.servicedomain.home.v1.GetBillResponse;
import org.servicedomain.home.v1.GetDomainInfo;
import org.servicedomain.home.v1.GetEventsResponse;
import org.servicedomain.home.v1.GetPlacementProposals;
import org.servicedomain.home.v1.GetPolicyResponse;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.GetSessions;
import org.servicedomain.home.v1.GetUsers;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.LoginResponse;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.home.v1.OpenSessionInfo;
import org.servicedomain.home.v1.PlacementProposal;
import org.servicedomain.home.v1.PreviewPolicyResponse;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.SessionInfo;
import org.servicedomain.home.v1.SetPolicyResponse;
import org.servicedomain.home.v1.UserInfo;

/**
 * The one way into a node from outside: a small typed API over the home port's generated client.
 * Every failure is a {@link NodeClientException} carrying the node's fault code. A client made
 * {@link #withSession} sends the session id in the {@code sd:session} header of every call, which
 * is how the node knows the caller's roles (docs/home-port.md, Authentication and roles).
 * Instances are cheap; each holds its own proxy and is safe for one thread at a time.
 */
public class NodeClient {

    private final URI nodeBase;
    private final Duration connectTimeout;
    private final Duration receiveTimeout;
    private final String sessionId;
    private final HomePortType port;

    /** A signed-in user: the session id for {@link #withSession}, the user level and roles. */
    public record SignedIn(String sessionId, String user, String userLevel, List<String> roles) {
        public boolean hasRole(String role) {
            return roles.contains(role);
        }
    }

    /** One kept policy version. */
    public record PolicyVersion(long version, String document) {
    }

    /**
     * What setting or validating a policy gave: its version (or the one it would get) and the
     * warnings the node noted without refusing it, e.g. a deprecated directive word, each with its line.
     */
    public record PolicyCheck(long version, List<String> warnings) {
        public PolicyCheck {
            warnings = List.copyOf(warnings);
        }
    }

    /** A user as {@code setUser} takes it; a null password keeps an existing user's. */
    public record UserEntry(String name, String password, String userLevel, List<String> designated, List<String> roles) {
    }

    protected NodeClient(URI nodeBase, Duration connectTimeout, Duration receiveTimeout, String sessionId) {
        this.nodeBase = nodeBase;
        this.connectTimeout = connectTimeout;
        this.receiveTimeout = receiveTimeout;
        this.sessionId = sessionId;
        this.port = HomeClient.sessionPort(nodeBase, connectTimeout, receiveTimeout, sessionId);
    }

    /** A client of the node at {@code nodeBase} ({@code http://host:port/sd}) without a session. */
    public static NodeClient connect(URI nodeBase) {
        return connect(nodeBase, Duration.ofSeconds(5), Duration.ofSeconds(60));
    }

    public static NodeClient connect(URI nodeBase, Duration connectTimeout, Duration receiveTimeout) {
        return new NodeClient(nodeBase, connectTimeout, receiveTimeout, null);
    }

    /** A client of the same node whose calls carry {@code sessionId} in the {@code sd:session} header. */
    public NodeClient withSession(String sessionId) {
        return new NodeClient(nodeBase, connectTimeout, receiveTimeout, sessionId);
    }

    public URI nodeBase() {
        return nodeBase;
    }

    /** The session this client's calls carry, if any. */
    public Optional<String> sessionId() {
        return Optional.ofNullable(sessionId);
    }

    /**
     * Registers the WSDL's instances; returns one registration per port type filed.
     *
     * @param supplierLevel the instance's supplier level, or several separated by spaces, or null for none
     */
    public List<Registration> register(String wsdlLocation, String supplierLevel, Long timeoutMs, Map<String, String> attributes) {
        return register(wsdlLocation, null, supplierLevel, timeoutMs, attributes);
    }

    /**
     * As {@link #register(String, String, Long, Map)}, with a readable {@code name} for the instances
     * (null: none given, an earlier registration's name is kept).
     */
    public List<Registration> register(String wsdlLocation, String name, String supplierLevel, Long timeoutMs,
            Map<String, String> attributes) {
        return call(() -> port.register(HomeRequests.register(wsdlLocation, name, supplierLevel, timeoutMs, attributes))
                .getRegistration());
    }

    /** Registers the WSDL's instances, dispatched to {@code endpointAddress} rather than the WSDL's soap:address. */
    public List<Registration> registerAt(String wsdlLocation, String endpointAddress) {
        return call(() -> port.register(HomeRequests.registerAt(wsdlLocation, endpointAddress)).getRegistration());
    }

    /**
     * Registers the node whose home port is at {@code homeAddress} as a child of this node
     * ({@code originType} {@code sd-node}): each of its virtual ports becomes an instance here, in
     * {@code supplierLevel} when given (several separated by spaces). {@code nodeSecret} is the child's parent secret; {@code name}
     * (null for the child's own) is how this node names it in topologies and in
     * {@code /children/{name}}. Administrators only; returns one registration per port of the child.
     */
    public List<Registration> registerChild(String homeAddress, String nodeSecret, String name, String supplierLevel,
            Long timeoutMs) {
        return call(() -> port.register(HomeRequests.registerChild(homeAddress, nodeSecret, name, supplierLevel, timeoutMs))
                .getRegistration());
    }

    public void unregister(String instanceId) {
        call(() -> port.unregister(HomeRequests.unregister(instanceId)));
    }

    /** Removes the virtual port {@code name} and every instance behind it; returns the removed instances' ids. */
    public List<String> removeVirtualPort(String name) {
        return call(() -> List.copyOf(port.removeVirtualPort(HomeRequests.removeVirtualPort(name)).getInstanceId()));
    }

    /** Validates, saves and activates {@code document}; returns its version. */
    public long setPolicy(String document) {
        return applyPolicy(document).version();
    }

    /** Validates {@code document} as {@link #setPolicy} would, without saving or activating it. */
    public long validatePolicy(String document) {
        return checkPolicy(document).version();
    }

    /** As {@link #setPolicy}, with the warnings the node noted. */
    public PolicyCheck applyPolicy(String document) {
        return setPolicy(document, false);
    }

    /** As {@link #validatePolicy}, with the warnings the node would note. */
    public PolicyCheck checkPolicy(String document) {
        return setPolicy(document, true);
    }

    private PolicyCheck setPolicy(String document, boolean validateOnly) {
        SetPolicyResponse response = call(() -> port.setPolicy(HomeRequests.setPolicy(document, validateOnly)));
        return new PolicyCheck(response.getVersion(), response.getWarning());
    }

    /**
     * What {@code document} would change if it were set: the node replays its metering records of the
     * last {@code periodSeconds} (null: an hour) and its catalog against it, without saving or activating it.
     * Administrators only; {@code InvalidPolicy} as for {@link #setPolicy}.
     */
    public PreviewPolicyResponse previewPolicy(String document, Long periodSeconds) {
        return call(() -> port.previewPolicy(HomeRequests.previewPolicy(document, periodSeconds)));
    }

    /** The active policy. */
    public PolicyVersion getPolicy() {
        return getPolicy(null);
    }

    /** A kept policy version; {@code BadRequest} when the node no longer keeps it. */
    public PolicyVersion getPolicy(Long version) {
        GetPolicyResponse response = call(() -> port.getPolicy(HomeRequests.getPolicy(version)));
        return new PolicyVersion(response.getVersion(), response.getDocument());
    }

    /** Every virtual port, instance and usage total. */
    public GetServiceInfoResponse getServiceInfo() {
        return call(() -> port.getServiceInfo(new GetServiceInfo()));
    }

    /** One virtual port with its instances. */
    public GetServiceInfoResponse getServiceInfo(String virtualPort) {
        return call(() -> port.getServiceInfo(HomeRequests.serviceInfo(virtualPort)));
    }

    /** The recent activity of an open session ({@code BadRequest} when it is not open). */
    public SessionInfo sessionActivity(String sessionId) {
        return call(() -> port.getServiceInfo(HomeRequests.sessionActivity(sessionId))).getSession();
    }

    /**
     * The node hierarchy below this node as it stands: the node with its ports and instances, and
     * each child node as it answered the last discovery poll (docs/hierarchy.md).
     */
    public NodeInfo topology() {
        return topology(false);
    }

    /**
     * Starts a discovery poll through every level below this node, as its timer would, and answers
     * the topology it found. Each child polls its own children before it answers.
     */
    public NodeInfo poll() {
        return topology(true);
    }

    private NodeInfo topology(boolean poll) {
        NodeInfo node = call(() -> port.getServiceInfo(HomeRequests.topology(poll))).getNode();
        if (node == null) {
            throw new NodeClientException("BadRequest", "the node at " + nodeBase + " answered no topology", List.of(), null);
        }
        return node;
    }

    /** Changes an instance's state, timeout or attributes (null = unchanged; an empty value removes an attribute). */
    public InstanceInfo setServiceInfo(String instanceId, InstanceState state, Long timeoutMs, Map<String, String> attributes) {
        return setServiceInfo(instanceId, state, timeoutMs, attributes, null);
    }

    /**
     * As {@link #setServiceInfo(String, InstanceState, Long, Map)}, replacing the instance's supplier levels too.
     *
     * @param supplierLevels the levels separated by spaces ("" for none), or null to leave them as they are
     */
    public InstanceInfo setServiceInfo(String instanceId, InstanceState state, Long timeoutMs, Map<String, String> attributes,
            String supplierLevels) {
        return call(() -> port.setServiceInfo(HomeRequests.setServiceInfo(instanceId, state, timeoutMs, attributes, supplierLevels))
                .getInstance());
    }

    /** Gives an instance a readable name ("" removes it, so the node shows its address). */
    public InstanceInfo rename(String instanceId, String name) {
        return call(() -> port.setServiceInfo(HomeRequests.rename(instanceId, name)).getInstance());
    }

    public SignedIn login(String user, String password) {
        LoginResponse response = call(() -> port.login(HomeRequests.login(user, password)));
        return new SignedIn(response.getSessionId(), user.strip(), response.getUserLevel(), List.copyOf(response.getRole()));
    }

    public void logout(String sessionId) {
        call(() -> port.logout(HomeRequests.logout(sessionId)));
    }

    /** Calls {@code operation} of {@code virtualPort} in this client's session; answers the response element as XML text. */
    public String invokeOperation(String virtualPort, String operation, String payload) {
        return call(() -> port.invokeOperation(HomeRequests.invokeOperation(sessionId, virtualPort, operation, payload))
                .getPayload());
    }

    /** Every user, by name, without passwords. */
    public List<UserInfo> users() {
        return call(() -> port.getUsers(new GetUsers()).getUser());
    }

    public void setUser(UserEntry user) {
        call(() -> port.setUser(HomeRequests.setUser(user)));
    }

    /** Removes a user; false when there was none. */
    public boolean removeUser(String name) {
        return call(() -> port.removeUser(HomeRequests.removeUser(name)).isRemoved());
    }

    /**
     * The node's overview as {@code getServiceInfo} answers it with the topology: ports, instances, the
     * node's tree, and (signed in) its version, build and start time.
     */
    public GetServiceInfoResponse overview() {
        return call(() -> port.getServiceInfo(HomeRequests.topology(false)));
    }

    /** The node's kept events numbered after {@code after} (null: from the oldest), at most {@code max} (null: all kept). */
    public GetEventsResponse events(Long after, Integer max) {
        return call(() -> port.getEvents(HomeRequests.events(after, max)));
    }

    /**
     * The bill of a user ({@code organisation} false) or of an organisation of the policy's fees for the
     * calls from {@code from} (inclusive) to {@code to} (exclusive); with {@code format} csv or json the
     * response's export holds the bill as that document too.
     */
    public GetBillResponse bill(String name, boolean organisation, Instant from, Instant to, String format) {
        return call(() -> port.getBill(HomeRequests.bill(name, organisation, from, to, format)));
    }

    /** The node's open sessions, each shown by a prefix of its id (administrators). */
    public List<OpenSessionInfo> openSessions() {
        return call(() -> port.getSessions(new GetSessions()).getSession());
    }

    /** The priority classes' allocations for a plan document (JSON, docs/qos.md), as JSON. */
    public String planQos(String document) {
        return call(() -> port.planQos(HomeRequests.planQos(document)).getResult());
    }

    /** A change of the domain information: per field, null leaves it as it is, empty removes it, else it replaces it. */
    public record DomainChange(String description, String owner, String contact, String terms, String termsUrl) {
    }

    /** The placements the node proposes for virtual ports whose operations overlap (administrators). */
    public List<PlacementProposal> placementProposals() {
        return call(() -> port.getPlacementProposals(new GetPlacementProposals()).getProposal());
    }

    /** What the administrators say about the service domain (every caller may read it). */
    public DomainInfo domainInfo() {
        return call(() -> port.getDomainInfo(new GetDomainInfo()).getDomain());
    }

    /** Changes the domain information (administrators); answers what the node keeps now. */
    public DomainInfo setDomainInfo(DomainChange change) {
        return call(() -> port.setDomainInfo(HomeRequests.setDomainInfo(change)).getDomain());
    }

    /** A home-port call whose failure becomes a NodeClientException. */
    private interface HomeCall<T> {
        T run() throws HomeFault;
    }

    private <T> T call(HomeCall<T> call) {
        try {
            return call.run();
        } catch (HomeFault fault) {
            throw NodeClientException.of(fault);
        } catch (WebServiceException e) {
            throw new NodeClientException(NodeClientException.UNREACHABLE, UnreachableNode.describe(nodeBase, e), List.of(), e);
        }
    }
}
