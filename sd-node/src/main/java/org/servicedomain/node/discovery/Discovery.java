package org.servicedomain.node.discovery;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.xml.namespace.QName;
import org.servicedomain.client.discovery.CompactSignature;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.core.DaemonThreads;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.policy.DiscoveryRule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's WS-Discovery: takes in Hellos and Byes (through the policy's discovery rule), answers
 * Probes and Resolves for its virtual ports, and announces its virtual ports with Hello when they
 * appear or their metadata changes and with Bye when they go or the node stops. Messages come by
 * multicast UDP and, in managed mode, by HTTP through {@link #handle}; both pass one repeat filter.
 * Answers by UDP go through {@link UdpAnswers}, since a datagram's source can be forged. In managed
 * mode a multicast Probe or Resolve also gets the proxy's own Hello, so ad hoc clients learn of it,
 * and the proxy answers over HTTP also for the other targets it heard say Hello ({@link RememberedTargets}).
 */
public final class Discovery implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Discovery.class);
    /** The versions and envelope the node announces in: both versions, so 2005/04 and 1.1 listeners hear it. */
    private static final List<DiscoveryVersion> ANNOUNCED_VERSIONS = List.of(DiscoveryVersion.V11, DiscoveryVersion.V2005);
    private static final int INTAKE_QUEUE = 256;
    /** Where the managed proxy is served, under the node's base URL. */
    public static final String PROXY_PATH = "/services/discovery";

    private final DiscoveryConfig config;
    private final DiscoveryReader reader = new DiscoveryReader();
    private final DiscoveryWriter writer;
    private final RepeatFilter repeats = new RepeatFilter();
    private final UdpAnswers udpAnswers;
    private final AnswerDelay answerDelay;
    private final VirtualPortTargets targets;
    private final HelloIntake intake;
    /** Other targets heard saying Hello, which the managed proxy answers for besides the virtual ports. */
    private final RememberedTargets remembered;
    private final long instanceId;
    /** The managed proxy's HTTP address, which its Hellos carry as XAddrs. */
    private final String proxyAddress;
    private final AtomicLong messageNumber = new AtomicLong();
    /** Hellos and Byes dropped on a full intake: a flood is logged on its first drop and every thousandth. */
    private final AtomicLong intakeDrops = new AtomicLong();
    private final ThreadPoolExecutor intakeWorker;
    private final ScheduledExecutorService announcer;
    private volatile MulticastChannel channel;

    private Discovery(DiscoveryConfig config, VirtualPortTargets targets, HelloIntake intake, long instanceId,
            String proxyAddress) {
        this.config = config;
        this.proxyAddress = proxyAddress;
        this.targets = targets;
        this.intake = intake;
        this.remembered = new RememberedTargets(config.mode() == DiscoveryMode.MANAGED ? config.limits().rememberedTargets() : 0);
        this.instanceId = instanceId;
        this.writer = new DiscoveryWriter(config.signatures());
        this.udpAnswers = new UdpAnswers(config.limits(), writer, System::nanoTime);
        this.answerDelay = AnswerDelay.upTo(config.maxAnswerDelay());
        this.intakeWorker = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(INTAKE_QUEUE),
                DaemonThreads.named("sd-discovery-intake"), (task, pool) -> {
                    if (pool.isShutdown()) {
                        LOG.debug("discovery is stopping; a Hello or Bye was not taken in");
                    } else {
                        long drops = intakeDrops.incrementAndGet();
                        if (drops == 1 || drops % 1000 == 0) {
                            LOG.warn("discovery intake full ({} waiting); a Hello or Bye dropped ({} so far)", INTAKE_QUEUE,
                                    drops);
                        }
                    }
                });
        this.announcer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("sd-discovery-announce"));
    }

    /**
     * Starts discovery for the node at {@code baseUrl} ({@code http://host:port/sd}): opens the
     * multicast socket, announces the virtual ports there are, and refreshes every {@code config.refresh()};
     * {@code state} gives this start a higher InstanceId than the last and keeps MetadataVersions rising;
     * {@code proxyAddress} is where the managed proxy is reached ({@code http://host:port/sd} + {@link #PROXY_PATH}).
     */
    public static Discovery start(DiscoveryConfig config, String baseUrl, Catalog catalog, Supplier<DiscoveryRule> rule,
            PortQuality quality, Clock clock, DiscoveryState state, String proxyAddress) throws IOException {
        if (config.mode() == DiscoveryMode.OFF) {
            throw new IllegalArgumentException("discovery is off; nothing to start");
        }
        long instanceId = state.nextInstanceId(clock.instant().getEpochSecond());
        VirtualPortTargets targets = new VirtualPortTargets(catalog::snapshot, baseUrl, config.scopes(), quality, instanceId,
                state);
        Discovery discovery = new Discovery(config, targets,
                new HelloIntake(catalog, rule, new TokenBucket(System::nanoTime), new SenderSequences(
                        config.limits().sequencesPerSender(), config.limits().sequenceSenders())), instanceId, proxyAddress);
        discovery.channel = MulticastChannel.open(config, discovery::received, DiscoveryReader.DEFAULT_MAX_BYTES);
        long period = config.refresh().toMillis();
        discovery.announcer.scheduleWithFixedDelay(discovery::refresh, 0, period, TimeUnit.MILLISECONDS);
        return discovery;
    }

    /** The IPv4 address of the interface {@code config} multicasts on, for the XAddrs of a node bound to every address. */
    public static String interfaceAddress(DiscoveryConfig config) throws IOException {
        return MulticastChannel.ipv4Of(MulticastChannel.networkInterface(config.interfaceName())).getHostAddress();
    }

    public DiscoveryMode mode() {
        return config.mode();
    }

    /** The node's virtual ports as it last announced them. */
    public List<EndpointDescription> targets() {
        return targets.current();
    }

    private void received(byte[] bytes, InetSocketAddress source) {
        DiscoveryMessage message;
        try {
            message = reader.read(bytes);
        } catch (NodeFault fault) {
            LOG.debug("discovery datagram from {} refused: {}", source, fault.getMessage());
            return;
        }
        if (config.signatures().required() && announcement(message)) {
            intakeWorker.execute(() -> {
                if (signed(bytes, message, source.getAddress()) && repeats.accept(message)) {
                    takeNow(message, source.getAddress());
                }
            });
            return;
        }
        if (!repeats.accept(message)) {
            return;
        }
        if (message.kind() != MessageKind.PROBE && message.kind() != MessageKind.RESOLVE) {
            take(message, source.getAddress());
            return;
        }
        byte[] answer;
        if (unknownRule(message)) {
            LOG.debug("Probe from {} names the matching rule {}, which this node does not know; answering with a"
                    + " MatchingRuleNotSupported fault", source, message.matchBy());
            answer = udpAnswers.fault(message, source);
        } else {
            answer = udpAnswers.answer(message, matches(message), this::nextSequence, source);
        }
        MulticastChannel open = channel;
        if (answer != null && open != null) {
            // Every datagram here was multicast to the group (the socket hears nothing else): wait APP_MAX_DELAY.
            open.unicastAfter(answer, source, answerDelay.nextMs());
        }
        if (config.mode() == DiscoveryMode.MANAGED && open != null) {
            byte[] hello = udpAnswers.proxyHello(message, proxyEndpoint(message.version()), this::nextSequence, source);
            if (hello != null) {
                open.unicastAfter(hello, source, answerDelay.nextMs());
            }
        }
    }

    /**
     * Takes one message from {@code source}: a Hello or Bye is queued for the intake, a Probe or
     * Resolve is answered. Returns the answer's bytes, or null when there is none (a repeat, an
     * announcement, or a probe nothing matches unless {@code emptyAnswers}, as the managed proxy
     * answers). A malformed message is a {@code BadRequest} NodeFault; a Probe naming a rule the node
     * does not know is a {@link MatchingRuleNotSupported}, whose envelope is the answer.
     */
    public byte[] handle(byte[] bytes, InetAddress source, boolean emptyAnswers) {
        DiscoveryMessage message = reader.read(bytes);
        if (config.signatures().required() && announcement(message) && !signed(bytes, message, source)) {
            throw new NodeFault(FaultCode.NotAuthorized, "this node takes only " + message.kind().element()
                    + " messages signed by a trusted key (WS-Discovery compact signature over every header and the body)");
        }
        if (!repeats.accept(message)) {
            return null;
        }
        if (unknownRule(message)) {
            LOG.debug("Probe from {} names the matching rule {}, which this node does not know; answering with a"
                    + " MatchingRuleNotSupported fault", source.getHostAddress(), message.matchBy());
            throw new MatchingRuleNotSupported(message);
        }
        if (message.kind() == MessageKind.PROBE || message.kind() == MessageKind.RESOLVE) {
            List<EndpointDescription> matches = new java.util.ArrayList<>(matches(message));
            matches.addAll(matches(message, remembered.current()));
            return matches.isEmpty() && !emptyAnswers ? null : writer.write(message.answer(nextSequence(), matches));
        }
        take(message, source);
        return null;
    }

    /**
     * The managed proxy as a target of type {@code d:DiscoveryProxy} in {@code version}'s namespace, at
     * its HTTP address, with a stable endpoint reference derived from that address.
     */
    private EndpointDescription proxyEndpoint(DiscoveryVersion version) {
        String reference = "urn:uuid:" + UUID.nameUUIDFromBytes(proxyAddress.getBytes(StandardCharsets.UTF_8));
        return new EndpointDescription(reference, List.of(new QName(version.namespace(), "DiscoveryProxy")), List.of(),
                List.of(proxyAddress), instanceId);
    }

    /** Whether {@code message} is a Probe naming a scope-matching rule the node does not know. */
    private static boolean unknownRule(DiscoveryMessage message) {
        return message.kind() == MessageKind.PROBE && ScopeMatchers.of(message.matchBy()).isEmpty();
    }

    private static boolean announcement(DiscoveryMessage message) {
        return message.kind() == MessageKind.HELLO || message.kind() == MessageKind.BYE;
    }

    /**
     * Whether an announcement carries a valid signature by a trusted key; checked before its id and
     * sequence are recorded, so an unsigned copy cannot make the signed one a repeat or an old one.
     */
    private boolean signed(byte[] bytes, DiscoveryMessage message, InetAddress source) {
        CompactSignature.Verdict verdict = CompactSignature.verify(bytes, config.signatures().trusted());
        if (!verdict.valid()) {
            LOG.debug("discovery {} from {} for {} ignored: its signature is {}", message.kind().element(), source,
                    message.endpoint().address(), verdict);
        }
        return verdict.valid();
    }

    /**
     * Takes an announcement on the intake's own thread: the intake files it as instances when the
     * policy's rule admits it (clients then reach it through the virtual port), else the proxy
     * remembers it.
     */
    private void takeNow(DiscoveryMessage message, InetAddress source) {
        EndpointDescription endpoint = message.endpoint();
        if (message.kind() == MessageKind.HELLO) {
            boolean filed = intake.hello(endpoint, message.appSequence(), source) || intake.hasFiled(endpoint.address());
            if (!filed && isOtherTarget(endpoint) && remembered.hello(endpoint, message.appSequence(), source)) {
                LOG.debug("discovery proxy remembers {} at {}", endpoint.address(), endpoint.xaddrs());
            }
        } else {
            intake.bye(endpoint, message.appSequence(), source);
            remembered.bye(endpoint, message.appSequence(), source);
        }
    }

    /**
     * Whether the proxy remembers {@code endpoint}: not an SD node's virtual port (this node's or
     * another's, which clients find by probing that node) and not a discovery proxy.
     */
    private static boolean isOtherTarget(EndpointDescription endpoint) {
        return endpoint.types().stream().noneMatch(t -> t.getLocalPart().equals("DiscoveryProxy"))
                && !endpoint.scopes().contains(VirtualPortTargets.VIRTUAL_PORT_SCOPE);
    }

    /** Queues a Hello or Bye for the intake, which checks its sender, ownership and sequence; ignores the rest. */
    private void take(DiscoveryMessage message, InetAddress source) {
        if (announcement(message)) {
            intakeWorker.execute(() -> takeNow(message, source));
        } else {
            LOG.debug("discovery {} from {} ignored: the node neither takes nor answers it", message.kind().element(),
                    source);
        }
    }

    /** The targets that answer {@code message}, from the catalog as it is now: a port registered a moment ago is one. */
    private List<EndpointDescription> matches(DiscoveryMessage message) {
        announce(targets.refreshIfCatalogChanged());
        return matches(message, targets.current());
    }

    /** Those of {@code current} that answer {@code message}. */
    private static List<EndpointDescription> matches(DiscoveryMessage message, List<EndpointDescription> current) {
        if (message.kind() == MessageKind.RESOLVE) {
            return current.stream().filter(t -> t.address().equals(message.resolveAddress())).limit(1).toList();
        }
        return current.stream().filter(t -> ProbeMatching.matches(message, t)).toList();
    }

    private void refresh() {
        try {
            announce(targets.refresh());
        } catch (RuntimeException e) {
            LOG.warn("could not refresh the virtual ports discovery announces", e);
        }
    }

    private void announce(VirtualPortTargets.Changes changes) {
        changes.announced().forEach(t -> announce(MessageKind.HELLO, t));
        changes.gone().forEach(t -> announce(MessageKind.BYE, t));
    }

    private void announce(MessageKind kind, EndpointDescription target) {
        for (DiscoveryVersion version : ANNOUNCED_VERSIONS) {
            channel.multicast(writer.write(DiscoveryMessage.announcement(version, SoapVersion.SOAP_12, kind, nextSequence(),
                    target)));
        }
        LOG.info("WS-Discovery {} for {} ({})", kind.element(), target.xaddrs(), target.address());
    }

    private AppSequence nextSequence() {
        return new AppSequence(instanceId, null, messageNumber.incrementAndGet());
    }

    /** Says Bye for every virtual port announced, then closes the socket. */
    @Override
    public void close() {
        announcer.shutdown();
        intakeWorker.shutdown();
        try {
            announcer.awaitTermination(2, TimeUnit.SECONDS);
            intakeWorker.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        targets.current().forEach(t -> announce(MessageKind.BYE, t));
        channel.close();
        LOG.info("WS-Discovery stopped");
    }
}
