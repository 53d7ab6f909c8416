package org.servicedomain.node.entry;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.servicedomain.node.Node;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.engine.offload.LoadReport;
import org.servicedomain.node.policy.PeerSettings;

/**
 * Answers peers at {@code /sd/load} with this node's {@link LoadReport} as JSON: its load index and
 * the operational, not ejected instances of its own per virtual port. Cheap: no lock, no I/O.
 */
public final class LoadServlet extends HttpServlet {

    private final transient Node node;
    private final transient ObjectMapper json = new ObjectMapper();

    public LoadServlet(Node node) {
        this.node = node;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] body = json.writeValueAsBytes(report());
        response.setContentType("application/json");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(body.length);
        try (OutputStream out = response.getOutputStream()) {
            out.write(body);
        }
    }

    private LoadReport report() {
        PeerSettings settings = node.policy().current().peers();
        CatalogSnapshot snapshot = node.catalog().snapshot();
        List<LoadReport.Port> ports = new ArrayList<>();
        for (VirtualPort port : snapshot.ports()) {
            List<LoadReport.Offered> offered = new ArrayList<>();
            for (Instance i : snapshot.operationalInstancesOf(port.name())) {
                if (!node.health().isEjected(i.id())) {
                    offered.add(new LoadReport.Offered(i.id(), i.endpointAddress(), i.timeoutMs(), i.supplierLevel(),
                            i.attributes()));
                }
            }
            ports.add(new LoadReport.Port(port.name(), port.portType().toString(), offered));
        }
        return new LoadReport(node.load().index(settings.capacity()), node.load().inFlight(), settings.capacity(), ports,
                node.peerLoads().view());
    }
}
