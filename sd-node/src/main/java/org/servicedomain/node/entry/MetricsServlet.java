package org.servicedomain.node.entry;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Answers Prometheus scrapes at {@code /sd/metrics} with the node's meters in text exposition format 0.0.4. */
public final class MetricsServlet extends HttpServlet {

    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final transient PrometheusMeterRegistry registry;

    public MetricsServlet(PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
        response.setContentType(CONTENT_TYPE);
        response.setContentLength(body.length);
        try (OutputStream out = response.getOutputStream()) {
            out.write(body);
        }
    }
}
