package org.servicedomain.samples.provider;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

/**
 * {@value #PATH}: the requests that waited inside the provider for a worker since it started, by the
 * symbol they asked for, one line each: symbol, waits, waits of a millisecond or more (queued behind
 * calls in service), their total milliseconds, and those of the queued ones that began while a call
 * for another symbol held a worker. A benchmark reads it before and after a run.
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
        for (Map.Entry<String, WorkerWaits.Counts> waited : controls.waited().entrySet()) {
            WorkerWaits.Counts c = waited.getValue();
            out.printf(Locale.ROOT, "%s %d %d %.3f %d%n", waited.getKey(), c.waits(), c.queued(), c.totalNanos() / 1e6,
                    c.queuedBehindAnotherSymbol());
        }
    }
}
