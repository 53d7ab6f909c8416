package org.servicedomain.node.engine.events;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;
import org.servicedomain.node.core.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The built-in listener that POSTs each event as JSON to the URL the active policy names (the hook
 * for a global problem-determination component). Sends from one background thread with a bounded
 * queue: a slow or absent receiver never holds a request up; events beyond the queue are dropped
 * with a warning. The receiver's host is resolved through the given resolver at every connect: the
 * URL comes from a policy document, which an administrator sends over the network like a registration.
 */
public final class HttpEventNotifier implements NodeEventListener, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HttpEventNotifier.class);
    private static final int QUEUE = 1000;

    private final Supplier<String> url;
    private final CloseableHttpClient http;
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
     * @param resolver resolves the receiver's host at every connect, keeping only the networks the node may reach
     */
    public HttpEventNotifier(Supplier<String> url, Duration timeout, DnsResolver resolver) {
        this.url = url;
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create().setDnsResolver(resolver).build())
                .setDefaultRequestConfig(RequestConfig.custom().setConnectionRequestTimeout(Timeout.of(timeout))
                        .setResponseTimeout(Timeout.of(timeout)).build())
                .disableAutomaticRetries().disableRedirectHandling().disableCookieManagement()
                .setUserAgent("sd-node-events").build();
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
            HttpPost post = new HttpPost(target);
            post.setEntity(new ByteArrayEntity(json.writeValueAsBytes(Notification.of(event)), ContentType.APPLICATION_JSON));
            http.execute(post, response -> {
                EntityUtils.consume(response.getEntity());
                if (response.getCode() >= 300) {
                    LOG.warn("event {} sent to {} was answered HTTP {}", event.type(), target, response.getCode());
                }
                return null;
            });
        } catch (IOException | IllegalArgumentException e) {
            LOG.warn("event {} could not be sent to {}: {}", event.type(), target, e.toString());
        }
    }

    @Override
    public void close() {
        sender.shutdownNow();
        http.close(CloseMode.IMMEDIATE);
    }
}
