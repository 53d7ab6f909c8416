package org.servicedomain.node.entry.ops;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.servicedomain.node.network.MetricsAccess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers Prometheus scrapes at {@code /sd/metrics} with the node's meters in text exposition format
 * 0.0.4, to the callers its {@link MetricsAccess} lets in (403 for the others).
 */
public final class MetricsServlet extends HttpServlet {

    private static final Logger LOG = LoggerFactory.getLogger(MetricsServlet.class);

    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final transient PrometheusMeterRegistry registry;
    private final transient MetricsAccess access;
    private final transient Runnable beforeScrape;

    public MetricsServlet(PrometheusMeterRegistry registry, MetricsAccess access) {
        this(registry, access, () -> { });
    }

    /** As {@link #MetricsServlet(PrometheusMeterRegistry, MetricsAccess)}, running {@code beforeScrape} before each scrape. */
    public MetricsServlet(PrometheusMeterRegistry registry, MetricsAccess access, Runnable beforeScrape) {
        this.registry = registry;
        this.access = access;
        this.beforeScrape = beforeScrape;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!access.permits(request.getRemoteAddr(), request.getHeader("Authorization"))) {
            LOG.debug("metrics scrape from {} refused", request.getRemoteAddr());
            response.setHeader("WWW-Authenticate", "Bearer realm=\"sd-metrics\"");
            response.sendError(HttpServletResponse.SC_FORBIDDEN, "metrics are not open to this caller");
            return;
        }
        beforeScrape.run();
        byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
        response.setContentType(CONTENT_TYPE);
        response.setContentLength(body.length);
        try (OutputStream out = response.getOutputStream()) {
            out.write(body);
        }
    }
}
