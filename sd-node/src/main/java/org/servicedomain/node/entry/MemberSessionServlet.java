package org.servicedomain.node.entry;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import org.servicedomain.node.Node;
import org.servicedomain.node.cluster.LeastLoadedPlacement;
import org.servicedomain.node.cluster.MemberProof;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.session.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens a session here that another member of the cluster placed on this member after checking the
 * user's password ({@link LeastLoadedPlacement}, at {@value LeastLoadedPlacement#PATH}). Answers only
 * calls that carry a valid {@link MemberProof} for the user named; a node of its own answers 404.
 */
public final class MemberSessionServlet extends HttpServlet {

    private static final Logger LOG = LoggerFactory.getLogger(MemberSessionServlet.class);
    private static final int MAX_REQUEST_BYTES = 1024;

    private final transient Node node;
    private final transient ObjectMapper json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public MemberSessionServlet(Node node) {
        this.node = node;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (node.cluster() == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND, "this node is not a member of a cluster");
            return;
        }
        LeastLoadedPlacement.Request asked;
        try (InputStream in = request.getInputStream()) {
            byte[] body = in.readNBytes(MAX_REQUEST_BYTES + 1);
            if (body.length > MAX_REQUEST_BYTES) {
                response.sendError(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, "at most " + MAX_REQUEST_BYTES + " bytes");
                return;
            }
            asked = json.readValue(body, LeastLoadedPlacement.Request.class);
        } catch (IOException e) {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST, "not a session request: " + e.getMessage());
            return;
        }
        if (!node.cluster().memberProof().verifies(request.getHeader(MemberProof.HEADER), asked.user(), Instant.now())) {
            LOG.warn("refused to open a session asked for by {}: no valid {} header", request.getRemoteAddr(), MemberProof.HEADER);
            response.sendError(HttpServletResponse.SC_FORBIDDEN, "sessions are opened here for members only");
            return;
        }
        Session session;
        try {
            session = node.sessions().openFor(asked.user());
        } catch (NodeFault fault) {
            response.sendError(HttpServletResponse.SC_CONFLICT, fault.getMessage());
            return;
        }
        byte[] body = json.writeValueAsBytes(new LeastLoadedPlacement.Opened(session.id(), session.userLevel()));
        response.setContentType("application/json");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(body.length);
        try (OutputStream out = response.getOutputStream()) {
            out.write(body);
        }
    }
}
