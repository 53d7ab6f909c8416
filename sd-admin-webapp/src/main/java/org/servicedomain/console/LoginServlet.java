package org.servicedomain.console;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;

/** Sign-in against the node's {@code login}; the console session's id is renewed on success. */
@WebServlet("/login")
public class LoginServlet extends TaskServlet {

    private static final long serialVersionUID = 1L;
    /** The session attribute holding the sign-in form's CSRF token. */
    static final String LOGIN_TOKEN = "loginToken";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        showForm(request, response);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = parameter(request, "user");
        String password = request.getParameter("password");
        if (name == null || password == null || password.isEmpty()) {
            request.setAttribute("problem", "Enter a user name and a password.");
            showForm(request, response);
            return;
        }
        NodeConnection connection = NodeConnection.of(getServletContext());
        try {
            signIn(request, response, connection.anonymous(request).login(name, password));
        } catch (NodeClientException e) {
            request.setAttribute("problem", "NotAuthorized".equals(e.code()) ? "Wrong user name or password." : problem(e));
            request.setAttribute("enteredUser", name);
            response.setStatus(e.isUnreachable() ? HttpServletResponse.SC_BAD_GATEWAY : HttpServletResponse.SC_OK);
            showForm(request, response);
        }
    }

    /** Starts the console session of a user the node signed in: a new session id, then the user's start page. */
    static void signIn(HttpServletRequest request, HttpServletResponse response, NodeClient.SignedIn signedIn) throws IOException {
        HttpSession session = request.getSession();
        request.changeSessionId();
        session.removeAttribute(LOGIN_TOKEN);
        ConsoleUser user = new ConsoleUser(signedIn.user(), signedIn.userLevel(), signedIn.roles(), signedIn.sessionId());
        session.setAttribute(ConsoleUser.ATTRIBUTE, user);
        response.sendRedirect(request.getContextPath() + user.getStartPage());
    }

    /**
     * True while the node's home port is open because no administrator exists: the sign-in page
     * then offers to create the first one.
     */
    private boolean nodeIsOpen(HttpServletRequest request) {
        try {
            return NodeConnection.of(getServletContext()).anonymous(request).users().stream()
                    .noneMatch(u -> u.getRole().contains(ConsoleUser.ADMINISTRATOR));
        } catch (NodeClientException e) {
            return false;
        }
    }

    private void showForm(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        HttpSession session = request.getSession();
        String token = ConsoleUser.newToken();
        session.setAttribute(LOGIN_TOKEN, token);
        request.setAttribute("loginToken", token);
        request.setAttribute("firstRun", nodeIsOpen(request));
        render(request, response, "login");
    }
}
