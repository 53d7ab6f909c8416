package org.servicedomain.samples.provider;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;

/**
 * {@value #PATH}: the requests that waited inside the provider for a worker since it started, by the
 * symbol they asked for, one "symbol count" line each; a benchmark reads it before and after a run.
 */
final class WorkerWaitsServlet extends HttpServlet {

    static final String PATH = "/provider/waits";

    private final transient FaultControls controls;

    WorkerWaitsServlet(FaultControls controls) {
        this.controls = controls;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/plain; charset=UTF-8");
        PrintWriter out = response.getWriter();
        for (Map.Entry<String, Long> waited : controls.waited().entrySet()) {
            out.print(waited.getKey());
            out.print(' ');
            out.println(waited.getValue());
        }
    }
}
