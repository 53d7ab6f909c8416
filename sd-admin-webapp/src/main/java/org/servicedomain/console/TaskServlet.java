package org.servicedomain.console;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every task servlet shares: the signed-in user's client of the node, rendering a view, and
 * turning a node fault into a readable message on the page (never a stack trace). After a POST
 * the servlet redirects (post/redirect/get) and the message travels in the session as a flash.
 */
abstract class TaskServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(TaskServlet.class);
    static final String FLASH = "flash";
    static final String FLASH_PROBLEM = "flashProblem";
    static final String NODE_VERSION = "nodeVersion";

    protected NodeClient client(HttpServletRequest request) {
        return NodeConnection.of(getServletContext()).as(request, user(request));
    }

    protected static ConsoleUser user(HttpServletRequest request) {
        return (ConsoleUser) request.getAttribute("user");
    }

    /** Shows {@code view} ({@code /WEB-INF/views/VIEW.jsp}), with the flash messages of the last POST. */
    protected void render(HttpServletRequest request, HttpServletResponse response, String view)
            throws ServletException, IOException {
        HttpSession session = request.getSession(false);
        if (session != null) {
            moveFlash(session, request, FLASH, "notice");
            moveFlash(session, request, FLASH_PROBLEM, "problem");
            nodeVersion(request, session);
        }
        response.setContentType("text/html;charset=UTF-8");
        request.getRequestDispatcher("/WEB-INF/views/" + view + ".jsp").forward(request, response);
    }

    /**
     * The node's version for the footer of every page: asked of the node once per console session
     * (the dashboard refreshes it), and left out while nobody is signed in or the node does not say.
     */
    private void nodeVersion(HttpServletRequest request, HttpSession session) {
        Object known = request.getAttribute(NODE_VERSION);
        if (known != null) {
            session.setAttribute(NODE_VERSION, known);
            return;
        }
        known = session.getAttribute(NODE_VERSION);
        if (known == null && user(request) != null) {
            try {
                known = versionOf(client(request).getServiceInfo());
                session.setAttribute(NODE_VERSION, known);
            } catch (NodeClientException e) {
                LOG.info("the node's version for the footer is unknown: {}", e.getMessage());
            }
        }
        if (known != null) {
            request.setAttribute(NODE_VERSION, known);
        }
    }

    /** "VERSION (built BUILD)", or null for a node that does not say. */
    static String versionOf(org.servicedomain.home.v1.GetServiceInfoResponse info) {
        return info == null || info.getNodeVersion() == null ? null : info.getNodeVersion() + " (built " + info.getNodeBuild() + ")";
    }

    private static void moveFlash(HttpSession session, HttpServletRequest request, String from, String to) {
        Object value = session.getAttribute(from);
        if (value != null) {
            session.removeAttribute(from);
            if (request.getAttribute(to) == null) {
                request.setAttribute(to, value);
            }
        }
    }

    /** Redirects to {@code path} below the console, on the same node, with a notice for the next page. */
    protected static void redirect(HttpServletRequest request, HttpServletResponse response, String path, String notice)
            throws IOException {
        if (notice != null) {
            request.getSession().setAttribute(FLASH, notice);
        }
        response.sendRedirect(onSameNode(request, path));
    }

    /** {@code path} below the console with the node the request chose, so a POST's answer stays on that node. */
    static String onSameNode(HttpServletRequest request, String path) {
        NodeChoice node = NodeChoice.of(request);
        return request.getContextPath() + path + (path.contains("?") ? node.getExtraQuery() : node.getQuery());
    }

    /** Redirects to {@code path} with the node's fault as a readable problem. */
    protected static void redirectWithProblem(HttpServletRequest request, HttpServletResponse response, String path,
            NodeClientException fault) throws IOException {
        request.getSession().setAttribute(FLASH_PROBLEM, problem(fault));
        response.sendRedirect(onSameNode(request, path));
    }

    /** The message a person reads for a node fault. */
    static String problem(NodeClientException fault) {
        if (fault.isUnreachable()) {
            return "The node does not answer (" + fault.getMessage() + "). Check that it is running.";
        }
        if ("NotAuthorized".equals(fault.code()) && "unknown or expired session".equals(fault.getMessage())) {
            return "Your session on the node has ended (idle too long, or the node restarted). Sign out and sign in again.";
        }
        return "The node refused: " + fault.getMessage() + " [" + fault.code() + "]";
    }

    protected static String parameter(HttpServletRequest request, String name) {
        String value = request.getParameter(name);
        return value == null || value.isBlank() ? null : value.strip();
    }
}
