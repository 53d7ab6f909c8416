package org.servicedomain.node.entry;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import org.servicedomain.node.Node;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.discovery.Discovery;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.node.discovery.DiscoveryReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The managed-mode discovery proxy at {@value #PATH}: a Probe or Resolve POSTed here is answered
 * with ProbeMatches or ResolveMatches (empty when nothing matches), a Hello or Bye is taken in like
 * one heard by multicast and answered 202. 404 unless the node runs discovery in managed mode.
 */
public final class DiscoveryServlet extends HttpServlet {

    private static final Logger LOG = LoggerFactory.getLogger(DiscoveryServlet.class);
    public static final String PATH = "/services/discovery";

    private final transient Node node;

    public DiscoveryServlet(Node node) {
        this.node = node;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Discovery discovery = node.discovery();
        if (discovery == null || discovery.mode() != DiscoveryMode.MANAGED) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND, "this node is not a discovery proxy (--discovery managed)");
            return;
        }
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes(DiscoveryReader.DEFAULT_MAX_BYTES + 1);
        }
        byte[] answer;
        try {
            answer = discovery.handle(body, InetAddress.getByName(request.getRemoteAddr()), true);
        } catch (NodeFault fault) {
            LOG.debug("discovery message from {} refused: {}", request.getRemoteAddr(), fault.getMessage());
            response.sendError(HttpServletResponse.SC_BAD_REQUEST, fault.getMessage());
            return;
        }
        if (answer == null) {
            response.setStatus(HttpServletResponse.SC_ACCEPTED);
            return;
        }
        SoapVersion soap = SoapVersion.SOAP_11.acceptsContentType(request.getContentType()) ? SoapVersion.SOAP_11
                : SoapVersion.SOAP_12;
        response.setContentType(soap.mediaType() + "; charset=UTF-8");
        response.setContentLength(answer.length);
        try (OutputStream out = response.getOutputStream()) {
            out.write(answer);
        }
    }
}
