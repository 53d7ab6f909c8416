package org.servicedomain.samples.provider;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * {@value #PATH}: the W3C trace headers of the last call that arrived (health probes aside), one
 * line each, {@code traceparent: value} and {@code tracestate: value}, {@code -} for a header it
 * did not carry; so a test or a demo sees what the node passed on.
 */
final class LastTraceServlet extends HttpServlet {

    static final String PATH = "/provider/trace";
    static final String TRACEPARENT = "traceparent";
    static final String TRACESTATE = "tracestate";

    private final transient FaultControls controls;

    LastTraceServlet(FaultControls controls) {
        this.controls = controls;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String[] trace = controls.lastTrace();
        response.setContentType("text/plain; charset=UTF-8");
        response.getWriter().print(TRACEPARENT + ": " + (trace[0] == null ? "-" : trace[0]) + "\n"
                + TRACESTATE + ": " + (trace[1] == null ? "-" : trace[1]) + "\n");
    }
}
