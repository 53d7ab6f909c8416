package org.servicedomain.node.entry.children;

import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.engine.envelope.SoapRequest;
import org.servicedomain.node.engine.envelope.SoapRequestReader;
import org.servicedomain.node.hierarchy.AdminProof;
import org.servicedomain.node.hierarchy.ChildNode;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.session.User;
import org.servicedomain.node.session.UserDirectory;

/**
 * The rules of forwarding a home-port call to a child node, without the I/O: the path names a
 * child this node registered ({@code /{name}/services/home}, or {@code /{name}/children/...} for a
 * node further down, which the child forwards again); the caller is an administrator of this node
 * by its {@code sd:session}, or a parent's administrator by a verified proof; the session header is
 * taken out; the target address comes from the child registry, never from the request.
 */
final class ChildForwarding {

    private static final Pattern PATH = Pattern.compile("/([^/]+)((?:/children/[^/]+)*/services/home)");
    private static final String ADMINISTRATOR = "administrator";

    /** Where a forwarding path points: the child's name and the path below the child's base address. */
    record Route(String child, String target) {
    }

    /**
     * A call ready to go to a child.
     *
     * @param address where it goes ({@code <child base>/services/home}, or the child's own forwarding path)
     * @param operation the home operation's element name, for the log
     * @param body the envelope without the caller's session header
     * @param proof the {@link AdminProof} bound to target, user and body
     */
    record Forward(ChildNode child, String address, String operation, String user, byte[] body, String proof) {
    }

    private final Hierarchy hierarchy;
    private final Function<String, Optional<Caller>> sessions;
    private final UserDirectory users;

    ChildForwarding(Hierarchy hierarchy, Function<String, Optional<Caller>> sessions, UserDirectory users) {
        this.hierarchy = hierarchy;
        this.sessions = sessions;
        this.users = users;
    }

    /** The route of {@code pathInfo} (below {@code /children}); anything else is a {@code BadRequest}. */
    static Route route(String pathInfo) {
        Matcher m = pathInfo == null ? null : PATH.matcher(pathInfo);
        if (m == null || !m.matches() || m.group(1).equals(".") || m.group(1).equals("..")) {
            throw new NodeFault(FaultCode.BadRequest, "a forwarded home-port call goes to /children/{name}/services/home");
        }
        return new Route(m.group(1), m.group(2));
    }

    /**
     * The call to send for {@code body} posted at {@code pathInfo}; {@code parentAdministrator} is
     * the user a verified parent proof named, or null. The caller is checked before the child's name,
     * so only an administrator learns which children exist.
     */
    Forward prepare(String pathInfo, byte[] body, String parentAdministrator) {
        Route route = route(pathInfo);
        SoapRequest soap = SoapRequestReader.read(body, SoapVersion.SOAP_11);
        String user = parentAdministrator != null ? parentAdministrator : administrator(soap.sessionId());
        ChildNode child = hierarchy.children().named(route.child()).orElseThrow(() -> new NodeFault(FaultCode.BadRequest,
                "no child node named '" + route.child() + "' is registered with this node"));
        byte[] forwarded = soap.forwardable(body);
        String proof = hierarchy.adminProofFor(child, route.target(), user, AdminProof.digest(forwarded));
        return new Forward(child, child.address() + route.target(), soap.operationElement().getLocalPart(), user, forwarded,
                proof);
    }

    private String administrator(String sessionId) {
        if (sessionId == null) {
            throw new NodeFault(FaultCode.NotAuthorized, "a forwarded home-port call needs the sd:session header of an "
                    + "administrator of this node");
        }
        Caller caller = sessions.apply(sessionId).orElseThrow(() ->
                new NodeFault(FaultCode.NotAuthorized, "unknown or expired session"));
        Set<String> roles = users.find(caller.user()).map(User::roles).orElse(Set.of());
        if (!roles.contains(ADMINISTRATOR)) {
            throw new NodeFault(FaultCode.NotAuthorized, "forwarding to a child node is for an administrator of this node; user "
                    + caller.user() + " is not one");
        }
        return caller.user();
    }
}
