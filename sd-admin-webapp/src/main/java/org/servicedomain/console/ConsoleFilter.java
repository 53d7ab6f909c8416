package org.servicedomain.console;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The console's guard, in front of every page: security headers, sign-in, the node the page shows
 * ({@link NodeChoice}), the page's role, and the CSRF token of every POST. Only the sign-in page and
 * the static files are open.
 */
@WebFilter("/*")
public class ConsoleFilter extends HttpFilter {

    public static final String CSRF_PARAMETER = "csrf";

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Referrer-Policy", "same-origin");
        response.setHeader("Content-Security-Policy",
                "default-src 'self'; style-src 'self'; script-src 'self'; img-src 'self' data:; frame-ancestors 'none'");
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        if (path.startsWith("/static/")) {
            chain.doFilter(request, response);
            return;
        }
        response.setHeader("Cache-Control", "no-store"); // pages show sessions' data: never kept by a browser or proxy
        HttpSession session = request.getSession(false);
        boolean post = "POST".equals(request.getMethod());
        if (path.equals("/login") || path.equals("/setup")) {
            if (post && !tokenMatches(request, session == null ? null : (String) session.getAttribute(LoginServlet.LOGIN_TOKEN))) {
                refuse(response, "The sign-in form was out of date. Open the sign-in page again.");
                return;
            }
            chain.doFilter(request, response);
            return;
        }
        ConsoleUser user = session == null ? null : (ConsoleUser) session.getAttribute(ConsoleUser.ATTRIBUTE);
        if (user == null) {
            if (post) {
                refuse(response, "You are not signed in.");
            } else {
                response.sendRedirect(request.getContextPath() + "/login");
            }
            return;
        }
        if (post && !tokenMatches(request, user.getCsrfToken())) {
            refuse(response, "The request did not carry this session's form token and was refused.");
            return;
        }
        request.setAttribute("user", user);
        NodeChoice node;
        try {
            node = NodeChoice.of(request.getParameter(NodeChoice.PARAMETER));
        } catch (IllegalArgumentException e) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            response.setContentType("text/plain;charset=UTF-8");
            response.getWriter().write(e.getMessage());
            return;
        }
        request.setAttribute(NodeChoice.ATTRIBUTE, node);
        request.setAttribute("nodeChoice", node);
        request.setAttribute("consolePage", path.equals("/launch") ? "/services" : path.startsWith("/dashboard") ? "/dashboard" : path);
        if (!PageAccess.allows(user, path, node)) {
            request.setAttribute("problem", "This page is for " + PageAccess.need(path, node).name().toLowerCase().replace('_', '-')
                    + " users; you are signed in as " + user.getName() + ".");
            response.setStatus(HttpServletResponse.SC_FORBIDDEN);
            request.getRequestDispatcher("/WEB-INF/views/forbidden.jsp").forward(request, response);
            return;
        }
        chain.doFilter(request, response);
    }

    private static boolean tokenMatches(HttpServletRequest request, String expected) {
        String sent = request.getParameter(CSRF_PARAMETER);
        return expected != null && sent != null
                && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), sent.getBytes(StandardCharsets.UTF_8));
    }

    private static void refuse(HttpServletResponse response, String message) throws IOException {
        response.setStatus(HttpServletResponse.SC_FORBIDDEN);
        response.setContentType("text/plain;charset=UTF-8");
        response.getWriter().write(message);
    }
}
