package org.servicedomain.console;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;

/**
 * Creates the first administrator of a fresh node and signs them in. The node accepts this only
 * while its user directory holds no administrator (docs/home-port.md); afterwards it refuses. The
 * password is typed twice and must match, since a typo would lock the administrator out.
 */
@WebServlet("/setup")
public class SetupServlet extends TaskServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = parameter(request, "user");
        String password = request.getParameter("password");
        if (name == null || password == null || password.isEmpty()) {
            redirectToLogin(request, response, "Enter a name and a password for the first administrator.");
            return;
        }
        if (!password.equals(request.getParameter("passwordAgain"))) {
            redirectToLogin(request, response, "The two passwords differ; no administrator was created. Enter the same password twice.");
            return;
        }
        NodeClient node = NodeConnection.of(getServletContext()).anonymous(request);
        try {
            node.setUser(new NodeClient.UserEntry(name, password, "staff", List.of(), List.of(ConsoleUser.ADMINISTRATOR)));
            LoginServlet.signIn(request, response, node.login(name, password));
        } catch (NodeClientException e) {
            redirectToLogin(request, response, "NotAuthorized".equals(e.code())
                    ? "The node already has an administrator; sign in instead." : problem(e));
        }
    }

    private static void redirectToLogin(HttpServletRequest request, HttpServletResponse response, String problem)
            throws IOException {
        request.getSession().setAttribute(FLASH_PROBLEM, problem);
        response.sendRedirect(request.getContextPath() + "/login");
    }
}
