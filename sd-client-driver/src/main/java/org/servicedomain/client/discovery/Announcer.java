package org.servicedomain.client.discovery;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Announces one service by WS-Discovery: {@link #hello()} when it starts, again with a higher
 * MetadataVersion when its contract changes ({@link #changed}), and {@link #bye()} before it stops.
 * Each message goes by multicast (twice, as SOAP-over-UDP wants) and, when a discovery proxy is
 * named, by HTTP POST to it, in both protocol versions unless one is chosen. A signer, when given,
 * signs each message before it leaves (nodes that trust only signed announcements take no other).
 */
public final class Announcer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Announcer.class);

    private final DiscoveryNetwork network;
    private final URI proxy;
    private final List<WsDiscoveryVersion> versions;
    /** The last AppSequence InstanceId given out in this process: each announcer takes a larger one. */
    private static final AtomicLong LAST_INSTANCE_ID = new AtomicLong();

    /**
     * This announcer's AppSequence InstanceId: the time in seconds, as the standard suggests, but
     * larger than any other announcer's in this process, so that an endpoint announced again within
     * the same second is not taken for a repeat of its earlier Hello.
     */
    private final long instanceId = LAST_INSTANCE_ID.updateAndGet(last -> Math.max(last + 1, Instant.now().getEpochSecond()));
    private final AtomicLong messageNumber = new AtomicLong();
    private final HttpClient http;
    private final UnaryOperator<byte[]> signer;
    private volatile Target target;

    /**
     * @param network where to multicast, or null for none (proxy only)
     * @param proxy a managed node's discovery proxy ({@code http://host:port/sd/services/discovery}), or null
     */
    public Announcer(Target target, DiscoveryNetwork network, URI proxy, List<WsDiscoveryVersion> versions) {
        this(target, network, proxy, versions, UnaryOperator.identity());
    }

    /**
     * As {@link #Announcer(Target, DiscoveryNetwork, URI, List)}, each message passed through {@code signer}
     * (a message as written, to the same message signed) before it is sent.
     */
    public Announcer(Target target, DiscoveryNetwork network, URI proxy, List<WsDiscoveryVersion> versions,
            UnaryOperator<byte[]> signer) {
        if (network == null && proxy == null) {
            throw new IllegalArgumentException("an announcer needs a network to multicast on or a proxy to tell");
        }
        this.target = target;
        this.network = network;
        this.proxy = proxy;
        this.versions = List.copyOf(versions);
        this.signer = signer;
        this.http = proxy == null ? null : HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    public Target target() {
        return target;
    }

    /** Sends a Hello. */
    public void hello() throws IOException {
        send("Hello");
    }

    /** Announces {@code changed} with a MetadataVersion above the last one, so listeners read its contract again. */
    public void changed(Target changed) throws IOException {
        target = new Target(changed.address(), changed.types(), changed.scopes(), changed.xaddrs(),
                Math.max(changed.metadataVersion(), target.metadataVersion() + 1));
        send("Hello");
    }

    /** Sends a Bye. */
    public void bye() throws IOException {
        send("Bye");
    }

    /** Sends {@code kind} every way and in every version; a way that fails does not stop the others. */
    private void send(String kind) throws IOException {
        IOException failure = null;
        for (WsDiscoveryVersion version : versions) {
            byte[] message = signer.apply(DiscoveryXml.announcement(version, kind, DiscoveryXml.newMessageId(), instanceId,
                    messageNumber.incrementAndGet(), target));
            try {
                if (network != null) {
                    try (DatagramChannel channel = network.openSender()) {
                        channel.send(ByteBuffer.wrap(message), network.groupAddress());
                        channel.send(ByteBuffer.wrap(message), network.groupAddress());
                    }
                }
                if (proxy != null) {
                    post(message);
                }
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        LOG.info("WS-Discovery {} sent for {} at {}", kind, target.address(), target.xaddrs());
    }

    private void post(byte[] message) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(proxy).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/soap+xml; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofByteArray(message)).build();
        try {
            HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
            if (response.statusCode() / 100 != 2) {
                throw new IOException("discovery proxy " + proxy + " answered HTTP " + response.statusCode());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while telling " + proxy, e);
        }
    }

    /** Says Bye, logging rather than throwing when it cannot. */
    @Override
    public void close() {
        try {
            bye();
        } catch (IOException e) {
            LOG.warn("could not send WS-Discovery Bye for {}: {}", target.address(), e.toString());
        }
    }
}
