package org.servicedomain.node.policy;

import java.time.Duration;
import java.time.ZoneId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import javax.xml.namespace.QName;
import org.servicedomain.node.billing.FeeSchedule;
import org.servicedomain.node.core.RequestContext;

/**
 * A policy as the hot path reads it: immutable rules per virtual port, compiled once when the
 * policy was set. Ports the document does not name get the defaults, with selectors of their own
 * made on their first request.
 */
public final class CompiledPolicy {

    private final long version;
    private final String document;
    private final Map<String, PortPolicy> named;
    private final Function<String, PortPolicy> defaults;
    private final Map<String, PortPolicy> defaulted = new ConcurrentHashMap<>();
    private final AccessRules access;
    private final Map<String, Set<String>> serviceMaps;
    private final ZoneId timeZone;
    private final Duration sessionIdle;
    private final String notifyUrl;
    private final PeerSettings peers;
    private final boolean trustsProviderClaims;
    private final List<String> warnings;
    private final PriorityClassRules priorityClasses;
    private final DiscoveryRule discovery;
    private final FeeSchedule fees;
    private final Map<QName, String> placements;

    CompiledPolicy(long version, String document, Map<String, PortPolicy> named, Function<String, PortPolicy> defaults) {
        this(version, document, named, defaults, AccessRules.OPEN, Map.of(), ZoneId.of("UTC"), null, null);
    }

    CompiledPolicy(long version, String document, Map<String, PortPolicy> named, Function<String, PortPolicy> defaults,
            AccessRules access, Map<String, Set<String>> serviceMaps, ZoneId timeZone, Duration sessionIdle,
            String notifyUrl) {
        this(version, document, named, defaults, access, serviceMaps, timeZone, sessionIdle, notifyUrl, PeerSettings.NONE);
    }

    CompiledPolicy(long version, String document, Map<String, PortPolicy> named, Function<String, PortPolicy> defaults,
            AccessRules access, Map<String, Set<String>> serviceMaps, ZoneId timeZone, Duration sessionIdle,
            String notifyUrl, PeerSettings peers) {
        this(version, document, named, defaults, access, serviceMaps, timeZone, sessionIdle, notifyUrl, peers, false);
    }

    CompiledPolicy(long version, String document, Map<String, PortPolicy> named, Function<String, PortPolicy> defaults,
            AccessRules access, Map<String, Set<String>> serviceMaps, ZoneId timeZone, Duration sessionIdle,
            String notifyUrl, PeerSettings peers, boolean trustsProviderClaims) {
        this(version, document, named, defaults, access, serviceMaps, timeZone, sessionIdle, notifyUrl, peers,
                trustsProviderClaims, List.of(), PriorityClassRules.NONE, DiscoveryRule.NONE, FeeSchedule.NONE);
    }

    CompiledPolicy(long version, String document, Map<String, PortPolicy> named, Function<String, PortPolicy> defaults,
            AccessRules access, Map<String, Set<String>> serviceMaps, ZoneId timeZone, Duration sessionIdle,
            String notifyUrl, PeerSettings peers, boolean trustsProviderClaims, List<String> warnings,
            PriorityClassRules priorityClasses, DiscoveryRule discovery, FeeSchedule fees) {
        this(version, document, named, defaults, access, serviceMaps, timeZone, sessionIdle, notifyUrl, peers,
                trustsProviderClaims, warnings, priorityClasses, discovery, fees, Map.of());
    }

    CompiledPolicy(long version, String document, Map<String, PortPolicy> named, Function<String, PortPolicy> defaults,
            AccessRules access, Map<String, Set<String>> serviceMaps, ZoneId timeZone, Duration sessionIdle,
            String notifyUrl, PeerSettings peers, boolean trustsProviderClaims, List<String> warnings,
            PriorityClassRules priorityClasses, DiscoveryRule discovery, FeeSchedule fees, Map<QName, String> placements) {
        this.placements = Collections.unmodifiableMap(new LinkedHashMap<>(placements));
        this.fees = fees;
        this.priorityClasses = priorityClasses;
        this.discovery = discovery;
        this.warnings = List.copyOf(warnings);
        this.trustsProviderClaims = trustsProviderClaims;
        this.peers = peers;
        this.notifyUrl = notifyUrl;
        this.version = version;
        this.document = document;
        this.named = Map.copyOf(named);
        this.defaults = defaults;
        this.access = access;
        this.serviceMaps = Map.copyOf(serviceMaps);
        this.timeZone = timeZone;
        this.sessionIdle = sessionIdle;
    }

    /**
     * Whether the attributes and supplier level a provider declares for its own instances count for
     * selection and access rules as declared ({@code settings/@trustProviderClaims}); false by default.
     */
    public boolean trustsProviderClaims() {
        return trustsProviderClaims;
    }

    /**
     * What the policy's validation noted without refusing it (a deprecated directive word, ...), each
     * with its line; empty for most policies.
     */
    public List<String> warnings() {
        return warnings;
    }

    /** The policy's priority classes; {@link PriorityClassRules#NONE} when it sets none. */
    public PriorityClassRules priorityClasses() {
        return priorityClasses;
    }

    /** 0 for the built-in policy a node starts with, then 1, 2, ... for each one set. */
    public long version() {
        return version;
    }

    /** The policy document as it was set. */
    public String document() {
        return document;
    }

    /**
     * {@code request} with this snapshot and its port's policy tagged once, for the rest of the
     * request: stages read the port's policy there rather than looking it up by name.
     */
    public RequestContext boundTo(RequestContext request) {
        return request.withTags(bindings(request.virtualPort().name()));
    }

    /** The tags {@link #boundTo} adds for a request on {@code virtualPort}, to add with others in one copy. */
    public RequestContext.Tags.Adding bindings(String virtualPort) {
        return RequestContext.Tags.adding().tag(CompiledPolicy.class, this).tag(PortPolicy.class, forPort(virtualPort));
    }

    public PortPolicy forPort(String virtualPort) {
        PortPolicy policy = named.get(virtualPort);
        return policy != null ? policy : defaulted.computeIfAbsent(virtualPort, defaults);
    }

    public AccessRules access() {
        return access;
    }

    /** The supplier levels that may serve a user level, or null when its service map does not limit them. */
    public Set<String> supplierLevelsFor(String userLevel) {
        return userLevel == null ? null : serviceMaps.get(userLevel);
    }

    /** The user levels the policy's service maps name. */
    public Set<String> mappedUserLevels() {
        return serviceMaps.keySet();
    }

    /** The zone time windows are read in. */
    public ZoneId timeZone() {
        return timeZone;
    }

    /** Where the node POSTs its events, or null when nobody is told. */
    public String notifyUrl() {
        return notifyUrl;
    }

    /** The peer nodes this node offloads to and borrows from. */
    public PeerSettings peers() {
        return peers;
    }

    /** How long an idle session lives, or null to keep the node's default. */
    public Duration sessionIdle() {
        return sessionIdle;
    }

    /** Which providers announced by WS-Discovery the node registers; {@link DiscoveryRule#NONE} without a discovery element. */
    public DiscoveryRule discovery() {
        return discovery;
    }

    /** Each port type the policy places into a virtual port ({@code compatiblePortType}), with that port's name. */
    public Map<QName, String> placements() {
        return placements;
    }

    /** The policy's fees, compiled when it was set; {@link FeeSchedule#NONE} without a fees element. */
    public FeeSchedule fees() {
        return fees;
    }
}
