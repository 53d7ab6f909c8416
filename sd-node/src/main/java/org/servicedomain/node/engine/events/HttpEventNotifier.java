package org.servicedomain.node.engine.events;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.servicedomain.node.core.DaemonThreads;
import org.servicedomain.node.outbound.HttpCalls;
import org.servicedomain.node.outbound.OutboundCall;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The built-in listener that POSTs each event as JSON to the URL the active policy names (the hook
 * for a global problem-determination component). Sends from one background thread with a bounded
 * queue: a slow or absent receiver never holds a request up; events beyond the queue are dropped
 * with a warning. The receiver is held to the networks the node may reach for providers, checked at every
 * connect: the URL comes from a policy document, which an administrator sends over the network like a registration.
 */
public final class HttpEventNotifier implements NodeEventListener, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HttpEventNotifier.class);
    private static final int QUEUE = 1000;
    /** The most of a receiver's answer read: its status is all that counts. */
    private static final long MAX_ANSWER_BYTES = 64 * 1024;

    private final Supplier<String> url;
    private final HttpCalls http;
    private final Duration timeout;
    private final ThreadPoolExecutor sender;
    private final ObjectMapper json = new ObjectMapper();

    /** The JSON body of a notification; time in ISO-8601. */
    record Notification(String type, String time, String virtualPort, String instanceId, String detail) {
        static Notification of(NodeEvent e) {
            return new Notification(e.type().name(), e.time().toString(), e.virtualPort(), e.instanceId(), e.detail());
        }
    }

    /**
     * @param url the receiver's URL in the policy in force, or null when there is none
     * @param http calls held to the networks the node may reach for providers
     */
    public HttpEventNotifier(Supplier<String> url, HttpCalls http, Duration timeout) {
        this.url = url;
        this.http = http;
        this.timeout = timeout;
        this.sender = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(QUEUE), DaemonThreads.named("sd-event-notifier"));
    }

    @Override
    public void on(NodeEvent event) {
        String target = url.get();
        if (target == null) {
            return;
        }
        try {
            sender.execute(() -> send(target, event));
        } catch (RejectedExecutionException e) {
            LOG.warn("event {} not sent to {}: {} events are already waiting", event.type(), target, QUEUE);
        }
    }

    private void send(String target, NodeEvent event) {
        try {
            int status = http.await(OutboundCall.post(URI.create(target), "application/json",
                    json.writeValueAsBytes(Notification.of(event)), timeout, MAX_ANSWER_BYTES)).status();
            if (status >= 300) {
                LOG.warn("event {} sent to {} was answered HTTP {}", event.type(), target, status);
            }
        } catch (IOException | IllegalArgumentException e) {
            LOG.warn("event {} could not be sent to {}: {}", event.type(), target, e.toString());
        }
    }

    @Override
    public void close() {
        sender.shutdownNow();
    }
}
