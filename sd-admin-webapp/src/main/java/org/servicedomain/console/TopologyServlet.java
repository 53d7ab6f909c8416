package org.servicedomain.console;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.Registration;

/**
 * Topology: the node hierarchy below the page's node as the last discovery poll left it, with a
 * link opening each node's pages through the console's node; POSTs that start a poll now, register
 * a child node (its home address, secret, name, supplier level, timeout) and unregister one.
 * Administrators only.
 */
@WebServlet("/topology")
public class TopologyServlet extends TaskServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        try {
            TopologyTree.NodeBranch tree = TopologyTree.of(client(request).topology(), NodeChoice.of(request));
            request.setAttribute("topology", tree);
            request.setAttribute("topologyGraph", TopologyGraph.svg(tree));
        } catch (NodeClientException e) {
            request.setAttribute("problem", problem(e));
        }
        render(request, response, "topology");
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String action = parameter(request, "action");
        try {
            if ("register".equals(action)) {
                register(request, response);
            } else if ("unregister".equals(action)) {
                String instanceId = InstancesServlet.required(request, "instanceId");
                client(request).unregister(instanceId);
                redirect(request, response, "/topology", "Unregistered child node " + parameter(request, "child")
                        + " with every port it offered here.");
            } else {
                TopologyTree.NodeBranch top = TopologyTree.of(client(request).poll());
                redirect(request, response, "/topology", "Polled: " + top.name() + " and " + count(top)
                        + " node(s) below it answered.");
            }
        } catch (NodeClientException e) {
            redirectWithProblem(request, response, "/topology", e);
        } catch (IllegalArgumentException e) {
            request.getSession().setAttribute(FLASH_PROBLEM, e.getMessage());
            redirect(request, response, "/topology", null);
        }
    }

    private void register(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String address = InstancesServlet.required(request, "homeAddress");
        String secret = InstancesServlet.required(request, "secret");
        String name = parameter(request, "name");
        if (name != null && !NodeChoice.NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("A child node's name is 1 to 64 letters, digits, '_', '.' or '-'.");
        }
        String level = parameter(request, "supplierLevel");
        String timeout = parameter(request, "timeoutMs");
        Long timeoutMs;
        try {
            timeoutMs = timeout == null ? null : Long.valueOf(timeout);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("The timeout is a whole number of milliseconds.");
        }
        NodeClient client = client(request);
        List<Registration> filed = client.registerChild(address, secret, name, level, timeoutMs);
        redirect(request, response, "/topology", "Registered child node " + (name == null ? "at " + address : name)
                + (level == null ? "" : " in level " + level) + ": " + filed.size() + " port(s) "
                + String.join(", ", filed.stream().map(Registration::getVirtualPort).toList()) + ".");
    }

    /** The nodes below {@code node} that were reachable at the poll. */
    private static long count(TopologyTree.NodeBranch node) {
        return node.children().stream().mapToLong(c -> ("reachable".equals(c.state()) ? 1 : 0) + count(c)).sum();
    }
}
