package org.servicedomain.client.cli;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.DomainInfo;
import org.servicedomain.home.v1.EventInfo;
import org.servicedomain.home.v1.GetBillResponse;
import org.servicedomain.home.v1.GetEventsResponse;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.home.v1.OpenSessionInfo;
import org.servicedomain.home.v1.PlacementProposal;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.SessionInfo;
import org.servicedomain.home.v1.UserInfo;

/**
 * A node as sdctl's commands see it through {@link NodeClient}, without a network: its home port
 * answers what the test put here, or refuses every call with the fault the test chose, and notes
 * each call it was asked, so that a test sees what a command sent and that a usage error sent nothing.
 */
final class CannedNode extends NodeClient {

    /** The address the canned node is reached at: {@code --node} in the tests. */
    static final String ADDRESS = "http://canned.node.example/sd";

    /** Each call, as {@code operation argument...}, in order. */
    final List<String> asked = new CopyOnWriteArrayList<>();
    final GetServiceInfoResponse serviceInfo = new GetServiceInfoResponse();
    final List<UserInfo> users = new ArrayList<>();
    final List<OpenSessionInfo> openSessions = new ArrayList<>();
    final List<EventInfo> events = new ArrayList<>();
    final Map<Long, String> policies = new LinkedHashMap<>();
    final List<String> policyWarnings = new ArrayList<>();
    final Map<String, List<String>> instancesOfPorts = new LinkedHashMap<>();
    NodeInfo topology = new NodeInfo();
    GetBillResponse bill = new GetBillResponse();
    DomainInfo domain = new DomainInfo();
    final List<PlacementProposal> proposals = new ArrayList<>();
    /** When set, what every call is refused with. */
    NodeClientException refusal;
    /** The session the calls carried, or null. */
    String session;
    /** What setUser and setDomainInfo were last sent. */
    UserEntry userSet;
    DomainChange domainChange;

    CannedNode() {
        super(URI.create(ADDRESS), Duration.ofSeconds(1), Duration.ofSeconds(1), null);
    }

    /** {@code time} as the home port's messages carry it. */
    static XMLGregorianCalendar xmlTime(Instant time) {
        return DatatypeFactory.newDefaultInstance().newXMLGregorianCalendar(time.toString());
    }

    private <T> T answer(String call, Supplier<T> answer) {
        asked.add(call);
        if (refusal != null) {
            throw refusal;
        }
        return answer.get();
    }

    @Override
    public NodeClient withSession(String sessionId) {
        session = sessionId;
        return this;
    }

    @Override
    public URI nodeBase() {
        return URI.create(ADDRESS);
    }

    @Override
    public GetServiceInfoResponse getServiceInfo() {
        return answer("getServiceInfo", () -> serviceInfo);
    }

    @Override
    public GetServiceInfoResponse getServiceInfo(String virtualPort) {
        return answer("getServiceInfo " + virtualPort, () -> serviceInfo);
    }

    @Override
    public List<Registration> register(String wsdlLocation, String supplierLevel, Long timeoutMs, Map<String, String> attributes) {
        return answer("register " + wsdlLocation + " " + supplierLevel + " " + timeoutMs + " " + attributes, () -> {
            Registration filed = new Registration();
            filed.setInstanceId("filed-1");
            filed.setVirtualPort("StockQuotePortType");
            filed.setVirtualPortAddress(ADDRESS + "/services/StockQuotePortType");
            return List.of(filed);
        });
    }

    @Override
    public InstanceInfo setServiceInfo(String instanceId, InstanceState state, Long timeoutMs, Map<String, String> attributes) {
        return answer("setServiceInfo " + instanceId + " " + state, () -> {
            InstanceInfo updated = new InstanceInfo();
            updated.setInstanceId(instanceId);
            updated.setState(state);
            return updated;
        });
    }

    @Override
    public List<String> removeVirtualPort(String name) {
        return answer("removeVirtualPort " + name, () -> instancesOfPorts.getOrDefault(name, List.of()));
    }

    @Override
    public PolicyVersion getPolicy() {
        return answer("getPolicy", () -> active());
    }

    @Override
    public PolicyVersion getPolicy(Long version) {
        return answer("getPolicy " + version, () -> version == null ? active() : new PolicyVersion(version, policies.get(version)));
    }

    private PolicyVersion active() {
        long latest = policies.keySet().stream().mapToLong(Long::longValue).max().orElse(0);
        return new PolicyVersion(latest, policies.getOrDefault(latest, ""));
    }

    @Override
    public PolicyCheck applyPolicy(String document) {
        return answer("applyPolicy " + document, () -> {
            long version = active().version() + 1;
            policies.put(version, document);
            return new PolicyCheck(version, policyWarnings);
        });
    }

    @Override
    public PolicyCheck checkPolicy(String document) {
        return answer("checkPolicy " + document, () -> new PolicyCheck(active().version() + 1, policyWarnings));
    }

    @Override
    public NodeInfo topology() {
        return answer("topology", () -> topology);
    }

    @Override
    public NodeInfo poll() {
        return answer("poll", () -> topology);
    }

    @Override
    public GetServiceInfoResponse overview() {
        return answer("overview", () -> serviceInfo);
    }

    @Override
    public List<UserInfo> users() {
        return answer("users", () -> users);
    }

    @Override
    public void setUser(UserEntry user) {
        userSet = answer("setUser " + user.name(), () -> user);
    }

    @Override
    public List<OpenSessionInfo> openSessions() {
        return answer("openSessions", () -> openSessions);
    }

    @Override
    public SessionInfo sessionActivity(String sessionId) {
        return answer("sessionActivity " + sessionId, SessionInfo::new);
    }

    @Override
    public void logout(String sessionId) {
        answer("logout " + sessionId, () -> null);
    }

    @Override
    public GetEventsResponse events(Long after, Integer max) {
        return answer("events " + after, () -> {
            GetEventsResponse page = new GetEventsResponse();
            events.stream().filter(e -> e.getSequence() > after).forEach(page.getEvent()::add);
            page.setLastSequence(events.stream().mapToLong(EventInfo::getSequence).max().orElse(0));
            return page;
        });
    }

    @Override
    public GetBillResponse bill(String name, boolean organisation, Instant from, Instant to, String format) {
        return answer("bill " + name + " " + organisation + " " + from + " " + to + " " + format, () -> bill);
    }

    @Override
    public List<PlacementProposal> placementProposals() {
        return answer("placementProposals", () -> proposals);
    }

    @Override
    public DomainInfo domainInfo() {
        return answer("domainInfo", () -> domain);
    }

    @Override
    public DomainInfo setDomainInfo(DomainChange change) {
        domainChange = answer("setDomainInfo", () -> change);
        return domain;
    }
}
