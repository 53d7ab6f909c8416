package org.servicedomain.node.entry.ops;

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
import org.servicedomain.node.cluster.Cluster;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.engine.offload.LoadReport;
import org.servicedomain.node.entry.children.DialledAuthority;
import org.servicedomain.node.hierarchy.ParentProof;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.policy.PeerSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers peers at {@code /sd/load} with this node's {@link LoadReport} as JSON: its load index and
 * the operational, not ejected instances of its own per virtual port (and, on a cluster member, its id and
 * the cluster's leader). Cheap: no lock, no I/O. A node
 * with a shared secret answers only callers that prove it with a {@link ParentProof} made for this
 * request and this node, once; one without answers only loopback callers.
 */
public final class LoadServlet extends HttpServlet {

    private static final Logger LOG = LoggerFactory.getLogger(LoadServlet.class);

    private final transient Node node;
    private final transient ObjectMapper json = new ObjectMapper();

    public LoadServlet(Node node) {
        this.node = node;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!isPeer(request)) {
            LOG.info("load report refused to {}: {}", request.getRemoteAddr(), node.config().hierarchy().parentSecret() == null
                    ? "this node has no shared secret (sd.parentSecret), so only loopback callers are answered"
                    : "no valid " + ParentProof.HEADER + " header");
            response.sendError(HttpServletResponse.SC_FORBIDDEN, "the load report is for peers only");
            return;
        }
        byte[] body = json.writeValueAsBytes(report());
        response.setContentType("application/json");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(body.length);
        try (OutputStream out = response.getOutputStream()) {
            out.write(body);
        }
    }

    private boolean isPeer(HttpServletRequest request) {
        String secret = node.config().hierarchy().parentSecret();
        if (secret == null) {
            return Networks.LOOPBACK.containsLiteral(request.getRemoteAddr());
        }
        return DialledAuthority.provesParent(node.hierarchy(), request);
    }

    private LoadReport report() {
        PeerSettings settings = node.policy().current().peers();
        CatalogSnapshot snapshot = node.catalog().snapshot();
        List<LoadReport.Port> ports = new ArrayList<>();
        for (VirtualPort port : snapshot.ports()) {
            List<LoadReport.Offered> offered = new ArrayList<>();
            for (Instance i : snapshot.operationalInstancesOf(port.name())) {
                if (!node.health().isEjected(i.id())) {
                    offered.add(new LoadReport.Offered(i.id(), i.endpointAddress(), i.timeoutMs(), i.sortedSupplierLevels(),
                            i.attributes()));
                }
            }
            ports.add(new LoadReport.Port(port.name(), port.portType().toString(), offered));
        }
        Cluster cluster = node.cluster();
        return new LoadReport(node.load().index(settings.capacity()), node.load().inFlight(), settings.capacity(), ports,
                node.peerLoads().view(), cluster == null ? null : new LoadReport.ClusterRole(cluster.memberId(), cluster.leaderId()));
    }
}
