package org.servicedomain.node.entry.ops;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import org.servicedomain.node.backends.Backends;
import org.servicedomain.node.cluster.LeastLoadedPlacement;
import org.servicedomain.node.cluster.MemberProof;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.entry.port.BodyPolicy;
import org.servicedomain.node.entry.port.HttpAnswer;
import org.servicedomain.node.proof.TimedSignature;
import org.servicedomain.node.session.Session;
import org.servicedomain.node.session.SessionRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens a session here that another member of the cluster placed on this member after checking the
 * user's password ({@link LeastLoadedPlacement}, at {@value LeastLoadedPlacement#PATH}). Answers only
 * calls whose head carries a valid {@link MemberProof} for the user named in {@link MemberProof#USER_HEADER};
 * the proof is checked before any body is read, and the body is read through the node's body policy
 * without holding a thread. A node of its own answers 404.
 */
public final class MemberSessionServlet extends HttpServlet {

    private static final Logger LOG = LoggerFactory.getLogger(MemberSessionServlet.class);
    private static final int MAX_REQUEST_BYTES = 1024;
    private static final String TEXT = "text/plain; charset=UTF-8";

    private final transient Backends backends;
    private final transient SessionRegistry sessions;
    private final transient ControlBodies bodies;
    private final transient ObjectMapper json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public MemberSessionServlet(Backends backends, SessionRegistry sessions, BodyPolicy policy) {
        this.backends = backends;
        this.sessions = sessions;
        this.bodies = new ControlBodies(policy.atMost(MAX_REQUEST_BYTES));
    }

    @Override
    public void destroy() {
        bodies.close();
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String user = MemberProof.userOf(request.getHeader(MemberProof.USER_HEADER));
        Optional<TimedSignature.Verdict> checked = backends.checkMember(request.getHeader(MemberProof.HEADER), user,
                request.getRequestURI(), Instant.now());
        if (checked.isEmpty()) {
            ControlBodies.refuseUnread(request, response, HttpServletResponse.SC_NOT_FOUND, "this node is not a member of a cluster");
            return;
        }
        TimedSignature.Verdict verdict = checked.get();
        if (!verdict.valid()) {
            verdict.logRefusal(LOG, "the " + MemberProof.HEADER + " and " + MemberProof.USER_HEADER + " of a session asked for by "
                    + request.getRemoteAddr());
            ControlBodies.refuseUnread(request, response, HttpServletResponse.SC_FORBIDDEN, "sessions are opened here for members only");
            return;
        }
        bodies.readThen(request, response, (body, out) -> open(user, body, out));
    }

    private void open(String user, byte[] body, HttpServletResponse response) throws IOException {
        LeastLoadedPlacement.Request asked;
        try {
            asked = json.readValue(body, LeastLoadedPlacement.Request.class);
        } catch (IOException e) {
            HttpAnswer.send(response, HttpServletResponse.SC_BAD_REQUEST, TEXT, bytes("not a session request: " + e.getMessage()), false);
            return;
        }
        if (!user.equals(asked.user())) {
            HttpAnswer.send(response, HttpServletResponse.SC_BAD_REQUEST, TEXT,
                    bytes("the body names another user than the " + MemberProof.USER_HEADER + " header"), false);
            return;
        }
        Session session;
        try {
            session = sessions.openFor(user);
        } catch (NodeFault fault) {
            HttpAnswer.send(response, HttpServletResponse.SC_CONFLICT, TEXT, bytes(fault.getMessage()), false);
            return;
        }
        response.setHeader("Cache-Control", "no-store");
        HttpAnswer.send(response, HttpServletResponse.SC_OK, "application/json",
                json.writeValueAsBytes(new LeastLoadedPlacement.Opened(session.id(), session.userLevel())), false);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
