package org.servicedomain.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletResponse;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The console's guard: sign-in, the page's role and the CSRF token of every POST. */
class ConsoleFilterTest {

    private final FilterChain chain = mock(FilterChain.class);
    private final StringWriter body = new StringWriter();

    private TaskServletHarness signedIn(ConsoleUser user, String method, String path) throws Exception {
        TaskServletHarness h = new TaskServletHarness(null);
        h.sessionAttributes.put(ConsoleUser.ATTRIBUTE, user);
        when(h.request.getMethod()).thenReturn(method);
        when(h.request.getServletPath()).thenReturn(path);
        when(h.response.getWriter()).thenReturn(new PrintWriter(body));
        return h;
    }

    @Test
    void aPostWithoutTheSessionsTokenIsRefused() throws Exception {
        TaskServletHarness h = signedIn(TaskServletHarness.administrator(), "POST", "/instances");

        new ConsoleFilter().doFilter(h.request, h.response, chain);

        verify(h.response).setStatus(HttpServletResponse.SC_FORBIDDEN);
        verify(chain, never()).doFilter(h.request, h.response);
        assertThat(body.toString()).contains("form token");
    }

    @Test
    void aPostWithTheSessionsTokenPasses() throws Exception {
        ConsoleUser root = TaskServletHarness.administrator();
        TaskServletHarness h = signedIn(root, "POST", "/instances").param("csrf", root.getCsrfToken());

        new ConsoleFilter().doFilter(h.request, h.response, chain);

        verify(chain).doFilter(h.request, h.response);
    }

    @Test
    void aUserIsRefusedAdministratorPages() throws Exception {
        TaskServletHarness h = signedIn(new ConsoleUser("joe", "customer", List.of("user"), "s"), "GET", "/policy");

        new ConsoleFilter().doFilter(h.request, h.response, chain);

        verify(h.response).setStatus(HttpServletResponse.SC_FORBIDDEN);
        assertThat(h.forwardedTo).isEqualTo("/WEB-INF/views/forbidden.jsp");
        verify(chain, never()).doFilter(h.request, h.response);
    }

    @Test
    void aVisitorWithoutSessionIsSentToSignIn() throws Exception {
        TaskServletHarness h = new TaskServletHarness(null);
        when(h.request.getSession(false)).thenReturn(null);
        when(h.request.getMethod()).thenReturn("GET");
        when(h.request.getServletPath()).thenReturn("/dashboard");

        new ConsoleFilter().doFilter(h.request, h.response, chain);

        verify(h.response).sendRedirect("/sd-admin/login");
    }
}
