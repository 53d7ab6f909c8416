package org.servicedomain.console;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.servicedomain.client.NodeClientException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Signs out: ends the node session, then the console session. */
@WebServlet("/logout")
public class LogoutServlet extends TaskServlet {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(LogoutServlet.class);

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        ConsoleUser user = user(request);
        try {
            NodeConnection.of(getServletContext()).anonymous(request).logout(user.getNodeSessionId());
        } catch (NodeClientException e) {
            LOG.info("the node did not end the session of {}: {}", user.getName(), e.getMessage());
        }
        request.getSession().invalidate();
        response.sendRedirect(request.getContextPath() + "/login");
    }
}
