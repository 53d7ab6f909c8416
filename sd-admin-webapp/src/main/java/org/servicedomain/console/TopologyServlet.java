package org.servicedomain.console;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.servicedomain.client.NodeClientException;

/**
 * Topology: the node hierarchy below the console's node as the last discovery poll left it, and a
 * POST that starts a poll now, after which the page shows the fresh tree. Administrators only.
 */
@WebServlet("/topology")
public class TopologyServlet extends TaskServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        try {
            request.setAttribute("topology", TopologyTree.of(client(request).topology()));
        } catch (NodeClientException e) {
            request.setAttribute("problem", problem(e));
        }
        render(request, response, "topology");
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            TopologyTree.NodeBranch top = TopologyTree.of(client(request).poll());
            redirect(request, response, "/topology", "Polled: " + top.name() + " and " + count(top) + " node(s) below it answered.");
        } catch (NodeClientException e) {
            redirectWithProblem(request, response, "/topology", e);
        }
    }

    /** The nodes below {@code node} that were reachable at the poll. */
    private static long count(TopologyTree.NodeBranch node) {
        return node.children().stream().mapToLong(c -> ("reachable".equals(c.state()) ? 1 : 0) + count(c)).sum();
    }
}
