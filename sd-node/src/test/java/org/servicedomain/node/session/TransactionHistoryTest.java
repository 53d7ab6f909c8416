package org.servicedomain.node.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.VirtualPort;

class TransactionHistoryTest {

    private static final User JOE = new User("joe", "platinum", List.of(), Set.of("user"));
    private static final VirtualPort QUOTES = TestInstances.virtualPort();
    private static final VirtualPort NEWS = new VirtualPort("NewsPortType", TestInstances.NEWS,
            QUOTES.soapVersion(), null, QUOTES.binding(), "<definitions/>", Map.of(), Map.of(), Map.of());

    private final TestClock clock = new TestClock();
    private final TransactionHistory history = new TransactionHistory();
    private final SessionRegistry sessions = new SessionRegistry(new FixedUsers().with(JOE, "pw"), clock);

    {
        sessions.addListener(history);
    }

    @Test
    void aSavedHistoryIsRestoredAndKeptOnlyForTheSessionsStillOpen() throws java.io.IOException {
        Caller kept = login();
        Caller closed = login();
        served(kept, QUOTES, "a");
        served(kept, NEWS, "c");
        served(closed, QUOTES, "b");
        TransactionHistory restored = new TransactionHistory();

        restored.restore(history.snapshot());
        restored.retainSessions(kept.sessionId()::equals);

        assertThat(restored.lastInstance(kept.sessionId(), "StockQuotePortType")).contains("a");
        assertThat(restored.lastInstance(kept.sessionId(), "NewsPortType")).contains("c");
        assertThat(restored.lastInstance(closed.sessionId(), "StockQuotePortType")).isEmpty();
    }

    @Test
    void remembersTheLastInstancePerSessionAndPort() {
        Caller first = login();
        Caller second = login();

        served(first, QUOTES, "a");
        served(first, QUOTES, "b");
        served(first, NEWS, "c");
        served(second, QUOTES, "d");

        assertThat(history.lastInstance(first.sessionId(), "StockQuotePortType")).contains("b");
        assertThat(history.lastInstance(first.sessionId(), "NewsPortType")).contains("c");
        assertThat(history.lastInstance(second.sessionId(), "StockQuotePortType")).contains("d");
        assertThat(history.lastInstance(second.sessionId(), "NewsPortType")).isEmpty();
    }

    @Test
    void remembersNothingForAnonymousCalls() {
        served(Caller.ANONYMOUS, QUOTES, "a");

        assertThat(history.sessions()).isZero();
    }

    @Test
    void forgetsASessionWhenItLogsOutOrExpires() {
        Caller leaving = login();
        Caller idle = login();
        served(leaving, QUOTES, "a");
        served(idle, QUOTES, "a");

        sessions.logout(leaving.sessionId());
        clock.advance(Duration.ofHours(1));
        sessions.caller(idle.sessionId());

        assertThat(history.lastInstance(leaving.sessionId(), "StockQuotePortType")).isEmpty();
        assertThat(history.sessions()).isZero();
    }

    @Test
    void holdsNoMoreSessionsThanItsBound() {
        TransactionHistory bounded = new TransactionHistory(2);
        for (int i = 0; i < 5; i++) {
            bounded.dispatched(request(new Caller("s" + i, "joe", "platinum", List.of()), QUOTES), TestInstances.instance("a"), 1);
        }

        assertThat(bounded.sessions()).isEqualTo(2);
        assertThat(bounded.lastInstance("s4", "StockQuotePortType")).contains("a");
    }

    private Caller login() {
        return sessions.caller(sessions.login("joe", "pw".toCharArray()).id()).orElseThrow();
    }

    private void served(Caller caller, VirtualPort port, String instanceId) {
        history.dispatched(request(caller, port), TestInstances.instance(instanceId), 1_000);
    }

    private static RequestContext request(Caller caller, VirtualPort port) {
        return new RequestContext(port, "GetQuote", caller, Map.of(), null, "text/xml",
                "<Envelope/>".getBytes(StandardCharsets.UTF_8));
    }
}
