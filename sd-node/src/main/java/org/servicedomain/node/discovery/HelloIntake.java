package org.servicedomain.node.discovery;

import java.net.InetAddress;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import javax.xml.namespace.QName;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.RegistrationClaim;
import org.servicedomain.node.catalog.RegistrationRequest;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.LogText;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.policy.DiscoveryRule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers providers that announce themselves and unregisters them when they say Bye, through the
 * catalog's ordinary registration path, when the policy's discovery rule admits them. An admitted
 * Hello files one instance per type it names, at its first http(s) XAddr, with the WSDL from a
 * {@value #WSDL_SCOPE} scope or else {@code XAddr?wsdl}; a repeated Hello of the same MetadataVersion
 * changes nothing, a higher one reads the WSDL again. Discovery is trusted with nothing but what the
 * rule gives: no attributes, the rule's supplier level, and a Bye removes only what discovery filed.
 * An endpoint belongs to the source address that first announced it: a Hello or Bye for it from
 * another address is refused, and a Hello or Bye whose {@code AppSequence} is not after the last one
 * admitted from its sender is dropped, so forged or replayed announcements cannot move or remove it.
 */
final class HelloIntake {

    private static final Logger LOG = LoggerFactory.getLogger(HelloIntake.class);

    /** A scope naming the provider's WSDL: this prefix, then the WSDL's URL. */
    static final String WSDL_SCOPE = "urn:sd:wsdl:";
    /** The attribute marking an instance discovery filed: the endpoint reference of its Hello. */
    static final String ENDPOINT_ATTRIBUTE = "sd.discovery.endpoint";
    /** The attribute holding the source address that announced it. */
    static final String SOURCE_ATTRIBUTE = EndpointOwners.SOURCE_ATTRIBUTE;

    /** What a Hello filed. */
    private record Filed(long metadataVersion, String xaddr, List<String> instanceIds) {
    }

    private final Catalog catalog;
    private final Supplier<DiscoveryRule> rule;
    private final TokenBucket rate;
    private final SenderSequences sequences;
    private final EndpointOwners owners;
    private final Map<String, Filed> filed = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicLong dropped = new java.util.concurrent.atomic.AtomicLong();
    /** A flood is logged on its first drop and every this many after, not once per Hello. */
    private static final long DROPS_PER_WARNING = 1000;

    HelloIntake(Catalog catalog, Supplier<DiscoveryRule> rule, TokenBucket rate) {
        this(catalog, rule, rate, new SenderSequences(DiscoveryLimits.DEFAULT.sequencesPerSender(),
                DiscoveryLimits.DEFAULT.sequenceSenders()));
    }

    HelloIntake(Catalog catalog, Supplier<DiscoveryRule> rule, TokenBucket rate, SenderSequences sequences) {
        this.catalog = catalog;
        this.rule = rule;
        this.rate = rate;
        this.sequences = sequences;
        this.owners = new EndpointOwners(catalog);
    }

    boolean hello(EndpointDescription hello, InetAddress source) {
        return hello(hello, null, source);
    }

    /** Whether a Hello of this endpoint reference filed instances that are still filed for it. */
    boolean hasFiled(String endpointAddress) {
        return filed.containsKey(endpointAddress);
    }

    /**
     * Files what {@code hello} announces, if the rule admits it from {@code source}, {@code source}
     * owns the endpoint or nobody does, and {@code sequence} (may be null) is newer; returns whether it did.
     */
    boolean hello(EndpointDescription hello, AppSequence sequence, InetAddress source) {
        if (hello.scopes().contains(VirtualPortTargets.VIRTUAL_PORT_SCOPE)) {
            return false;
        }
        DiscoveryRule current = rule.get();
        DiscoveryRule.Admission admission = current.admit(source, hello.scopes(), ScopeMatchers.rfc3986()::matches);
        if (admission == null) {
            LOG.debug("Hello of {} from {} not admitted by the policy's discovery rule", LogText.of(hello.address()), source);
            return false;
        }
        if (!owners.mayAnnounce("Hello", hello.address(), source) || !inSequence("Hello", hello.address(), sequence, source)) {
            return false;
        }
        String xaddr = hello.xaddrs().stream().filter(HelloIntake::isHttp).findFirst().orElse(null);
        if (xaddr == null || hello.types().isEmpty()) {
            LOG.info("Hello of {} names no port type or no http(s) XAddr; nothing registered", LogText.of(hello.address()));
            return false;
        }
        Filed before = filed.get(hello.address());
        if (before != null && before.metadataVersion() >= hello.metadataVersion() && before.xaddr().equals(xaddr)
                && before.instanceIds().stream().allMatch(id -> catalog.snapshot().instance(id).isPresent())) {
            return false;
        }
        if (!rate.tryTake(current.maxHellosPerSecond())) {
            long drops = dropped.incrementAndGet();
            if (drops == 1 || drops % DROPS_PER_WARNING == 0) {
                LOG.warn("Hello of {} dropped: more than {} Hellos a second ({} dropped so far)",
                        LogText.of(hello.address()), current.maxHellosPerSecond(), drops);
            }
            return false;
        }
        Set<String> levels = admission.supplierLevel() == null ? Set.of() : Set.of(admission.supplierLevel());
        String wsdl = wsdlLocation(hello, xaddr);
        List<String> ids = new java.util.ArrayList<>();
        for (QName type : hello.types()) {
            try {
                RegistrationRequest request = new RegistrationRequest(wsdl, xaddr, type, levels, null,
                        Map.of(ENDPOINT_ATTRIBUTE, hello.address(), SOURCE_ATTRIBUTE, source.getHostAddress()));
                catalog.register(request, claim(levels)).forEach(r -> ids.add(r.instance().id()));
            } catch (NodeFault fault) {
                LOG.info("Hello of {} from {}: {} not registered: {}", LogText.of(hello.address()), source, type,
                        LogText.of(fault.getMessage()));
            }
        }
        if (ids.isEmpty()) {
            return false;
        }
        filed.put(hello.address(), new Filed(hello.metadataVersion(), xaddr, List.copyOf(ids)));
        LOG.info("Hello of {} from {}: registered {} (MetadataVersion {})", LogText.of(hello.address()), source, ids,
                hello.metadataVersion());
        return true;
    }

    void bye(EndpointDescription bye, InetAddress source) {
        bye(bye, null, source);
    }

    /**
     * Unregisters what discovery filed for {@code bye}'s endpoint, if its sender is in a network the
     * rule admits, is the source that announced the endpoint, and {@code sequence} (may be null) is newer.
     */
    void bye(EndpointDescription bye, AppSequence sequence, InetAddress source) {
        if (rule.get().admissions().stream().noneMatch(a -> a.networks().contains(source))) {
            LOG.debug("Bye of {} from {} ignored: not from a network the discovery rule admits", LogText.of(bye.address()),
                    source);
            return;
        }
        List<Instance> announced = catalog.snapshot().instances().stream()
                .filter(i -> bye.address().equals(i.attributes().get(ENDPOINT_ATTRIBUTE))).toList();
        if (announced.isEmpty() && !filed.containsKey(bye.address())) {
            return;
        }
        if (!owners.mayAnnounce("Bye", bye.address(), source) || !inSequence("Bye", bye.address(), sequence, source)) {
            return;
        }
        filed.remove(bye.address());
        for (Instance instance : announced) {
            try {
                catalog.unregister(instance.id());
                LOG.info("Bye of {}: unregistered {}", LogText.of(bye.address()), instance.id());
            } catch (NodeFault fault) {
                if (fault.code() != FaultCode.UnknownInstance) {
                    throw fault;
                }
            }
        }
    }

    private boolean inSequence(String kind, String endpoint, AppSequence sequence, InetAddress source) {
        if (sequence == null || sequences.advance(source, endpoint, sequence)) {
            return true;
        }
        LOG.debug("{} of {} from {} dropped: its AppSequence {} is not after the last one heard", kind,
                LogText.of(endpoint), source.getHostAddress(), sequence);
        return false;
    }

    /**
     * Files discovery's instances with the rule's level and the endpoint marker; an instance filed
     * through the home port at the same endpoint keeps its attributes and levels, unmarked.
     */
    private static RegistrationClaim claim(Set<String> levels) {
        return new RegistrationClaim() {
            @Override
            public Map<String, String> attributes(Instance existing, Map<String, String> requested) {
                if (existing != null && !existing.attributes().containsKey(ENDPOINT_ATTRIBUTE)) {
                    return existing.attributes(); // filed through the home port: not discovery's to mark or remove
                }
                Map<String, String> attributes = new LinkedHashMap<>(existing == null ? Map.of() : existing.attributes());
                attributes.putAll(requested);
                return attributes;
            }

            @Override
            public Set<String> supplierLevels(Instance existing, Set<String> requested) {
                if (existing != null && !existing.attributes().containsKey(ENDPOINT_ATTRIBUTE)) {
                    return existing.supplierLevels();
                }
                return levels;
            }
        };
    }

    private static String wsdlLocation(EndpointDescription hello, String xaddr) {
        for (String scope : hello.scopes()) {
            if (scope.startsWith(WSDL_SCOPE) && isHttp(scope.substring(WSDL_SCOPE.length()))) {
                return scope.substring(WSDL_SCOPE.length());
            }
        }
        return xaddr + "?wsdl";
    }

    private static boolean isHttp(String address) {
        try {
            URI uri = URI.create(address);
            return ("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
                    && uri.getHost() != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
