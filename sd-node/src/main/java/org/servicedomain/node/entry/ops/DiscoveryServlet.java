package org.servicedomain.node.entry.ops;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.discovery.Discovery;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.node.discovery.DiscoveryReader;
import org.servicedomain.node.discovery.MatchingRuleNotSupported;
import org.servicedomain.node.entry.port.BodyPolicy;
import org.servicedomain.node.entry.port.HttpAnswer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The managed-mode discovery proxy at {@value #PATH}: a Probe or Resolve POSTed here is answered
 * with ProbeMatches or ResolveMatches (empty when nothing matches; a MatchingRuleNotSupported SOAP
 * fault when a Probe names a rule the node does not know), a Hello or Bye is taken in like
 * one heard by multicast and answered 202. 404 unless the node runs discovery in managed mode. The
 * body is read through the node's body policy without holding a thread, so slow senders cannot take
 * Tomcat's threads.
 */
public final class DiscoveryServlet extends HttpServlet {

    private static final Logger LOG = LoggerFactory.getLogger(DiscoveryServlet.class);
    public static final String PATH = Discovery.PROXY_PATH;

    private final transient Supplier<Discovery> discovery;
    private final transient ControlBodies bodies;

    /** @param discovery the running WS-Discovery, or null while it is off */
    public DiscoveryServlet(Supplier<Discovery> discovery, BodyPolicy policy) {
        this.discovery = discovery;
        this.bodies = new ControlBodies(policy.atMost(DiscoveryReader.DEFAULT_MAX_BYTES));
    }

    @Override
    public void destroy() {
        bodies.close();
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Discovery running = discovery.get();
        if (running == null || running.mode() != DiscoveryMode.MANAGED) {
            ControlBodies.refuseUnread(request, response, HttpServletResponse.SC_NOT_FOUND,
                    "this node is not a discovery proxy (--discovery managed)");
            return;
        }
        InetAddress source = InetAddress.getByName(request.getRemoteAddr());
        SoapVersion soap = SoapVersion.SOAP_11.acceptsContentType(request.getContentType()) ? SoapVersion.SOAP_11
                : SoapVersion.SOAP_12;
        bodies.readThen(request, response, (body, out) -> answer(running, body, source, soap, out));
    }

    private static void answer(Discovery discovery, byte[] body, InetAddress source, SoapVersion soap, HttpServletResponse response)
            throws IOException {
        byte[] answer;
        try {
            answer = discovery.handle(body, source, true);
        } catch (MatchingRuleNotSupported fault) {
            // SOAP 1.2 over HTTP sends a Sender fault with 400, SOAP 1.1 every fault with 500.
            int status = fault.soap() == SoapVersion.SOAP_12 ? HttpServletResponse.SC_BAD_REQUEST
                    : HttpServletResponse.SC_INTERNAL_SERVER_ERROR;
            HttpAnswer.send(response, status, fault.soap().mediaType() + "; charset=UTF-8", fault.envelope(), false);
            return;
        } catch (NodeFault fault) {
            LOG.debug("discovery message from {} refused: {}", source.getHostAddress(), fault.getMessage());
            int status = fault.code() == FaultCode.NotAuthorized ? HttpServletResponse.SC_FORBIDDEN : HttpServletResponse.SC_BAD_REQUEST;
            HttpAnswer.send(response, status, "text/plain; charset=UTF-8",
                    fault.getMessage().getBytes(StandardCharsets.UTF_8), false);
            return;
        }
        if (answer == null) {
            response.setStatus(HttpServletResponse.SC_ACCEPTED);
            return;
        }
        HttpAnswer.send(response, HttpServletResponse.SC_OK, soap.mediaType() + "; charset=UTF-8", answer, false);
    }
}
