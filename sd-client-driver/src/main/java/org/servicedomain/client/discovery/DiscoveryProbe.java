package org.servicedomain.client.discovery;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Consumer;
import javax.xml.namespace.QName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds services by WS-Discovery Probe and Resolve: by multicast (gathering the unicast answers
 * that arrive within the wait), by HTTP to managed discovery proxies, or both. When asked to
 * ({@link #followingAnnouncedProxies()}), a proxy that announces itself (in answer to a multicast
 * Probe, or by a Hello a listener hears) takes the place of multicast while it answers. Answers are merged by endpoint reference, so a repeated answer or
 * one target heard both ways counts once.
 */
public final class DiscoveryProbe {

    private static final Logger LOG = LoggerFactory.getLogger(DiscoveryProbe.class);

    private final DiscoveryNetwork network;
    private final List<URI> proxies;
    private final Duration wait;
    private final WsDiscoveryVersion version;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    /**
     * Discovery proxies that announced themselves (a Hello of type {@code d:DiscoveryProxy}, multicast
     * or in answer to a multicast Probe): while one answers, probes go to it and not to the group.
     */
    private final Set<URI> announcedProxies = new CopyOnWriteArraySet<>();
    private final boolean followProxies;

    /**
     * @param network where to multicast probes, or null to ask only the proxies
     * @param proxies managed nodes' discovery proxies ({@code .../sd/services/discovery})
     * @param wait how long to gather multicast answers
     */
    public DiscoveryProbe(DiscoveryNetwork network, List<URI> proxies, Duration wait, WsDiscoveryVersion version) {
        this(network, proxies, wait, version, false);
    }

    private DiscoveryProbe(DiscoveryNetwork network, List<URI> proxies, Duration wait, WsDiscoveryVersion version,
            boolean followProxies) {
        this.network = network;
        this.proxies = List.copyOf(proxies);
        this.wait = wait;
        this.version = version;
        this.followProxies = followProxies;
    }

    /**
     * The same probe, but one that follows discovery proxies that announce themselves (WS-Discovery's
     * managed mode). Not the default: an SD node's proxy answers for its own virtual ports and the
     * providers it heard, not for other nodes', so following it hides the other nodes on the link.
     */
    public DiscoveryProbe followingAnnouncedProxies() {
        return new DiscoveryProbe(network, proxies, wait, version, true);
    }

    /** The targets of every type in {@code types} within {@code scopes} (RFC 3986 matching; empty: any). */
    public List<Target> probe(List<QName> types, List<String> scopes) throws IOException {
        return probe(types, scopes, t -> { });
    }

    /**
     * As {@link #probe(List, List)}, also handing each target to {@code each} the moment its answer
     * arrives (a target may be handed twice when heard twice), so a caller need not wait the whole time.
     */
    public List<Target> probe(List<QName> types, List<String> scopes, Consumer<Target> each) throws IOException {
        String id = DiscoveryXml.newMessageId();
        return ask(DiscoveryXml.probe(version, id, types, scopes, null), id, each);
    }

    /**
     * A discovery proxy announced itself at {@code proxy}: if this probe follows proxies, from now on
     * probes and resolves go to it by HTTP instead of by multicast (WS-Discovery's managed mode), until
     * it fails to answer; else nothing changes.
     */
    public void proxyAnnounced(URI proxy) {
        if (!followProxies) {
            LOG.debug("discovery proxy {} announced itself; not followed (see followingAnnouncedProxies)", proxy);
            return;
        }
        if (announcedProxies.add(proxy)) {
            LOG.info("discovery proxy {} announced itself: probing through it, no longer by multicast", proxy);
        }
    }

    /** A discovery proxy said Bye: probes go back to multicast unless another proxy is known. */
    public void proxyLeft(URI proxy) {
        if (announcedProxies.remove(proxy)) {
            LOG.info("discovery proxy {} said Bye: probing by multicast again", proxy);
        }
    }

    /** The discovery proxies that announced themselves and still answer. */
    public List<URI> announcedProxies() {
        return List.copyOf(announcedProxies);
    }

    /** Whether {@code target} is a discovery proxy ({@code d:DiscoveryProxy} of either version). */
    static boolean isProxy(Target target) {
        return target.types().stream().anyMatch(t -> "DiscoveryProxy".equals(t.getLocalPart())
                && (WsDiscoveryVersion.V11.namespace().equals(t.getNamespaceURI())
                        || WsDiscoveryVersion.V2005.namespace().equals(t.getNamespaceURI())));
    }

    /** Where this probe asks (its multicast network, proxies and version): the same for probes that find the same. */
    public String where() {
        return (network == null ? "no multicast" : network.interfaceName() + " " + network.group().getHostAddress() + ":"
                + network.port()) + " proxies " + proxies + " " + version;
    }

    /** How long it gathers multicast answers. */
    public Duration waitTime() {
        return wait;
    }

    /** The target whose endpoint reference is {@code address}, if anyone answers for it. */
    public List<Target> resolve(String address) throws IOException {
        String id = DiscoveryXml.newMessageId();
        return ask(DiscoveryXml.resolve(version, id, address), id, t -> { });
    }

    private List<Target> ask(byte[] message, String messageId, Consumer<Target> each) throws IOException {
        Map<String, Target> found = new LinkedHashMap<>();
        for (URI proxy : proxies) {
            try {
                post(proxy, message).forEach(t -> {
                    found.putIfAbsent(t.address(), t);
                    each.accept(t);
                });
            } catch (IOException e) {
                LOG.info("discovery proxy {} did not answer: {}", proxy, e.toString());
            }
        }
        if (network != null && !askAnnouncedProxies(message, found, each)) {
            multicast(message, messageId, each).forEach(t -> found.putIfAbsent(t.address(), t));
            // a proxy that answered the multicast with its Hello is asked now, as the specification has it
            askAnnouncedProxies(message, found, each);
        }
        return new ArrayList<>(found.values());
    }

    /** Asks the proxies that announced themselves; true if one answered (then multicast is suppressed). */
    private boolean askAnnouncedProxies(byte[] message, Map<String, Target> found, Consumer<Target> each) {
        boolean answered = false;
        for (URI proxy : announcedProxies) {
            try {
                post(proxy, message).forEach(t -> {
                    found.putIfAbsent(t.address(), t);
                    each.accept(t);
                });
                answered = true;
            } catch (IOException e) {
                announcedProxies.remove(proxy);
                LOG.info("discovery proxy {} did not answer ({}): probing by multicast again", proxy, e.toString());
            }
        }
        return answered;
    }

    private List<Target> post(URI proxy, byte[] message) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(proxy).timeout(wait.plusSeconds(5))
                .header("Content-Type", "application/soap+xml; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofByteArray(message)).build();
        try {
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != 200) {
                throw new IOException("HTTP " + response.statusCode());
            }
            return DiscoveryXml.readMatches(response.body(), response.body().length).targets();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while asking " + proxy, e);
        }
    }

    private List<Target> multicast(byte[] message, String messageId, Consumer<Target> each) throws IOException {
        List<Target> targets = new ArrayList<>();
        try (DatagramChannel channel = network.openSender(); Selector selector = Selector.open()) {
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ);
            channel.send(ByteBuffer.wrap(message), network.groupAddress());
            channel.send(ByteBuffer.wrap(message), network.groupAddress());
            ByteBuffer buffer = ByteBuffer.allocate(DiscoveryXml.MAX_BYTES + 1);
            long deadline = System.nanoTime() + wait.toNanos();
            long left;
            while ((left = deadline - System.nanoTime()) > 0) {
                if (selector.select(Math.max(1, left / 1_000_000)) == 0) {
                    continue;
                }
                selector.selectedKeys().clear();
                buffer.clear();
                while (channel.receive(buffer) != null) {
                    buffer.flip();
                    readAnswer(buffer, messageId, targets, each);
                    buffer.clear();
                }
            }
        }
        return targets;
    }

    private void readAnswer(ByteBuffer buffer, String messageId, List<Target> targets, Consumer<Target> each) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        try {
            DiscoveryXml.Matches matches = DiscoveryXml.readMatches(bytes, bytes.length);
            if (messageId.equals(matches.relatesTo())) {
                targets.addAll(matches.targets());
                matches.targets().forEach(each);
            }
        } catch (IOException notMatches) {
            try {
                DiscoveryXml.Announcement announcement = DiscoveryXml.readAnnouncement(bytes, bytes.length);
                if (announcement.hello() && isProxy(announcement.target())) {
                    announcement.target().xaddrs().forEach(x -> proxyAnnounced(URI.create(x)));
                }
            } catch (IOException | IllegalArgumentException e) {
                LOG.debug("an answer that is neither discovery matches nor a proxy's Hello was ignored: {}", e.toString());
            }
        }
    }
}
