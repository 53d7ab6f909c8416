package org.servicedomain.console;

import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.servicedomain.client.NodeClient;

/**
 * How the console reaches its node: through the client driver only. The node's address is set per
 * deployment, by the context parameter {@value #ADDRESS} or else the system property of the same
 * name; without either, the console talks to the node beside it ({@code http://localhost:PORT/sd}
 * on the port the request came in on), which is how the standalone launcher serves it.
 */
public class NodeConnection {

    public static final String ADDRESS = "sd.node.address";
    /** The servlet-context attribute that holds the connection; tests put a mock there. */
    public static final String ATTRIBUTE = NodeConnection.class.getName();

    private final String configured;
    private volatile NodeClient anonymous;

    public NodeConnection(String configured) {
        this.configured = configured == null || configured.isBlank() ? null : configured.strip();
    }

    /** The connection of {@code context}, made on first use from the deployment's settings. */
    public static NodeConnection of(ServletContext context) {
        synchronized (context) {
            Object existing = context.getAttribute(ATTRIBUTE);
            if (existing instanceof NodeConnection connection) {
                return connection;
            }
            String address = context.getInitParameter(ADDRESS);
            NodeConnection connection = new NodeConnection(address != null ? address : System.getProperty(ADDRESS));
            context.setAttribute(ATTRIBUTE, connection);
            return connection;
        }
    }

    /** A client without a session, for signing in. */
    public NodeClient anonymous(HttpServletRequest request) {
        NodeClient client = anonymous;
        if (client == null) {
            client = NodeClient.connect(address(request));
            anonymous = client;
        }
        return client;
    }

    /**
     * A client whose calls carry the signed-in user's node session, to the node the request chose
     * ({@link NodeChoice}): the console's node, or a node below it reached through it.
     */
    public NodeClient as(HttpServletRequest request, ConsoleUser user) {
        NodeChoice choice = NodeChoice.of(request);
        NodeClient node = choice.isTop() ? anonymous(request) : NodeClient.connect(choice.base(address(request)));
        return node.withSession(user.getNodeSessionId());
    }

    /** The node's base address ({@code http://host:port/sd}). */
    public URI address(HttpServletRequest request) {
        if (configured != null) {
            return URI.create(configured);
        }
        return URI.create("http://localhost:" + request.getLocalPort() + "/sd");
    }
}
