package org.servicedomain.node.entry.ops;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.node.core.Readiness;

/**
 * Answers load balancers and orchestrators at {@code /sd/health/live} (the node's web application
 * runs: always 200) and {@code /sd/health/ready} (200 when every {@link Readiness} check is met,
 * else 503), with a small JSON body. Open to every caller, cheap, never cached; it tells no version.
 */
public final class HealthServlet extends HttpServlet {

    /** The servlet's mapping under the node's context path. */
    public static final String PATH = "/health/*";

    private final transient Readiness readiness;
    private final transient ObjectMapper json = new ObjectMapper();

    public HealthServlet(Readiness readiness) {
        this.readiness = readiness;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String which = request.getPathInfo() == null ? "" : request.getPathInfo();
        switch (which) {
            case "/live" -> answer(response, HttpServletResponse.SC_OK, Map.of("status", "UP"));
            case "/ready" -> ready(response);
            default -> response.sendError(HttpServletResponse.SC_NOT_FOUND, "health has /live and /ready");
        }
    }

    private void ready(HttpServletResponse response) throws IOException {
        boolean ready = true;
        List<Map<String, String>> checks = new ArrayList<>();
        for (Readiness.Status status : readiness.statuses()) {
            Map<String, String> check = new LinkedHashMap<>();
            check.put("name", status.name());
            check.put("status", status.ready() ? "UP" : "DOWN");
            if (!status.ready()) {
                check.put("problem", status.problem());
                ready = false;
            }
            checks.add(check);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", ready ? "UP" : "DOWN");
        body.put("checks", checks);
        answer(response, ready ? HttpServletResponse.SC_OK : HttpServletResponse.SC_SERVICE_UNAVAILABLE, body);
    }

    private void answer(HttpServletResponse response, int status, Object body) throws IOException {
        byte[] bytes = json.writeValueAsBytes(body);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(bytes.length);
        try (OutputStream out = response.getOutputStream()) {
            out.write(bytes);
        }
    }
}
