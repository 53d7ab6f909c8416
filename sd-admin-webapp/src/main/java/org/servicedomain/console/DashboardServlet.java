package org.servicedomain.console;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.client.NodeClientException;

/**
 * The dashboard: every virtual port with its instances and a chart (its data; the page's script draws it). {@code /dashboard/fragment}
 * answers only the ports' part, which the page's script fetches to refresh without a reload.
 */
@WebServlet({"/dashboard", "/dashboard/fragment"})
public class DashboardServlet extends TaskServlet {

    private static final long serialVersionUID = 1L;
    static final String HISTORY = ThroughputHistory.class.getName();

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        boolean fragment = "/dashboard/fragment".equals(request.getServletPath());
        try {
            org.servicedomain.home.v1.GetServiceInfoResponse info = client(request).getServiceInfo();
            List<PortStatistics.PortRow> ports = PortStatistics.of(info);
            if (info.getNodeVersion() != null) {
                request.setAttribute(NODE_VERSION, versionOf(info));
            }
            ThroughputHistory history = history();
            history.sample(ports);
            Map<String, String> charts = new LinkedHashMap<>();
            Map<String, Integer> chartPoints = new LinkedHashMap<>();
            for (PortStatistics.PortRow port : ports) {
                List<ThroughputHistory.Point> points = history.points(port.name());
                charts.put(port.name(), ChartSeries.json(points));
                chartPoints.put(port.name(), points.size());
            }
            request.setAttribute("ports", ports);
            if (!fragment) {
                request.setAttribute("domainInfo", DomainServlet.shown(client(request)));
            }
            request.setAttribute("charts", charts);
            request.setAttribute("chartPoints", chartPoints);
        } catch (NodeClientException e) {
            request.setAttribute("problem", problem(e));
        }
        render(request, response, fragment ? "dashboard-fragment" : "dashboard");
    }

    private ThroughputHistory history() {
        synchronized (getServletContext()) {
            Object history = getServletContext().getAttribute(HISTORY);
            if (history == null) {
                history = new ThroughputHistory(Clock.systemUTC());
                getServletContext().setAttribute(HISTORY, history);
            }
            return (ThroughputHistory) history;
        }
    }
}
