package org.servicedomain.node.entry.ops;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.servicedomain.node.backends.Backends;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.engine.health.InstanceHealth;
import org.servicedomain.node.engine.offload.LoadIndex;
import org.servicedomain.node.engine.offload.LoadReport;
import org.servicedomain.node.engine.offload.PeerLoads;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.entry.children.DialledAuthority;
import org.servicedomain.node.hierarchy.ParentProof;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.policy.ActivePolicy;
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

    /** What the load report is made of; the hierarchy also checks a peer's proof. */
    public record Sources(Catalog catalog, ActivePolicy policy, InstanceHealth health, LoadIndex load, PeerLoads peerLoads,
            Hierarchy hierarchy, Backends backends) {
    }

    private final transient Sources sources;
    private final transient String parentSecret;
    private final transient ObjectMapper json = new ObjectMapper();

    /** @param parentSecret the secret a peer's proof is made with, or null to answer loopback callers only */
    public LoadServlet(Sources sources, String parentSecret) {
        this.sources = sources;
        this.parentSecret = parentSecret;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!isPeer(request)) {
            LOG.info("load report refused to {}: {}", request.getRemoteAddr(), parentSecret == null
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
        if (parentSecret == null) {
            return Networks.LOOPBACK.containsLiteral(request.getRemoteAddr());
        }
        return DialledAuthority.provesParent(sources.hierarchy(), request);
    }

    private LoadReport report() {
        PeerSettings settings = sources.policy().current().peers();
        CatalogSnapshot snapshot = sources.catalog().snapshot();
        List<LoadReport.Port> ports = new ArrayList<>();
        for (VirtualPort port : snapshot.ports()) {
            List<LoadReport.Offered> offered = new ArrayList<>();
            for (Instance i : snapshot.operationalInstancesOf(port.name())) {
                if (!sources.health().isEjected(i.id())) {
                    offered.add(new LoadReport.Offered(i.id(), i.endpointAddress(), i.timeoutMs(), i.sortedSupplierLevels(),
                            i.attributes()));
                }
            }
            ports.add(new LoadReport.Port(port.name(), port.portType().toString(), offered));
        }
        return new LoadReport(sources.load().index(settings.capacity()), sources.load().inFlight(), settings.capacity(), ports,
                sources.peerLoads().view(), sources.backends().role().orElse(null));
    }
}
