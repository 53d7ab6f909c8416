package org.servicedomain.console;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.client.NodeClient;

/**
 * A task servlet on mocks: request, response, session and servlet context with real attribute
 * maps, and a mocked client driver behind a mocked node connection.
 */
final class TaskServletHarness {

    final NodeClient client = mock(NodeClient.class);
    final NodeConnection connection = mock(NodeConnection.class);
    final HttpServletRequest request = mock(HttpServletRequest.class);
    final HttpServletResponse response = mock(HttpServletResponse.class);
    final HttpSession session = mock(HttpSession.class);
    final ServletContext context = mock(ServletContext.class);
    final Map<String, Object> requestAttributes = new HashMap<>();
    final Map<String, Object> sessionAttributes = new HashMap<>();
    final Map<String, Object> contextAttributes = new HashMap<>();
    String forwardedTo;

    TaskServletHarness(ConsoleUser user) {
        contextAttributes.put(NodeConnection.ATTRIBUTE, connection);
        when(connection.as(any(), any())).thenReturn(client);
        when(connection.anonymous(any())).thenReturn(client);
        attributes();
        when(request.getSession()).thenReturn(session);
        when(request.getSession(false)).thenReturn(session);
        when(request.getContextPath()).thenReturn("/sd-admin");
        when(request.getRequestDispatcher(anyString())).thenAnswer(call -> {
            forwardedTo = call.getArgument(0);
            return mock(RequestDispatcher.class);
        });
        if (user != null) {
            requestAttributes.put("user", user);
        }
    }

    private void attributes() {
        when(request.getAttribute(anyString())).thenAnswer(c -> requestAttributes.get(c.<String>getArgument(0)));
        org.mockito.Mockito.doAnswer(c -> requestAttributes.put(c.getArgument(0), c.getArgument(1)))
                .when(request).setAttribute(anyString(), any());
        when(session.getAttribute(anyString())).thenAnswer(c -> sessionAttributes.get(c.<String>getArgument(0)));
        org.mockito.Mockito.doAnswer(c -> sessionAttributes.put(c.getArgument(0), c.getArgument(1)))
                .when(session).setAttribute(anyString(), any());
        org.mockito.Mockito.doAnswer(c -> sessionAttributes.remove(c.<String>getArgument(0)))
                .when(session).removeAttribute(anyString());
        when(context.getAttribute(anyString())).thenAnswer(c -> contextAttributes.get(c.<String>getArgument(0)));
        org.mockito.Mockito.doAnswer(c -> contextAttributes.put(c.getArgument(0), c.getArgument(1)))
                .when(context).setAttribute(anyString(), any());
    }

    TaskServletHarness param(String name, String value) {
        when(request.getParameter(name)).thenReturn(value);
        return this;
    }

    <S extends HttpServlet> S init(S servlet) throws ServletException {
        ServletConfig config = mock(ServletConfig.class);
        when(config.getServletContext()).thenReturn(context);
        servlet.init(config);
        return servlet;
    }

    static ConsoleUser administrator() {
        return new ConsoleUser("root", "staff", List.of("administrator"), "root-session");
    }

    static ConsoleUser provider(String name) {
        return new ConsoleUser(name, "supplier", List.of("provider"), name + "-session");
    }
}
