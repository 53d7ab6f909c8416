package org.servicedomain.node.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.instance;
import static org.servicedomain.node.TestInstances.virtualPort;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;

class SessionActivityTest {

    private final TestClock clock = new TestClock();
    private final SessionActivity activity = new SessionActivity(clock, 3, 2);
    private final Instance a = instance("quote-a");
    private final Instance b = instance("quote-b");

    @Test
    void aSessionKeepsItsLastDispatchesOldestFirst() {
        activity.dispatched(call("s1", "GetQuote"), a, 1);
        activity.dispatchFailed(call("s1", "Buy"), b, 1, new DispatchException(DispatchException.Kind.TIMEOUT, "slow", null));
        activity.providerFault(call("s1", "Buy"), a);
        activity.dispatched(call("s1", "Buy"), a, 1);
        activity.dispatched(call("s1", "Sell"), b, 1);

        List<SessionActivity.Entry> entries = activity.of("s1").orElseThrow().entries();
        assertThat(entries).extracting(SessionActivity.Entry::operation).containsExactly("Buy", "Buy", "Sell");
        assertThat(entries).extracting(SessionActivity.Entry::outcome).containsExactly("timeout", "soap_fault", "answered");
        assertThat(entries).extracting(SessionActivity.Entry::instanceId).containsExactly("quote-b", "quote-a", "quote-b");
        assertThat(activity.of("s1").orElseThrow().user()).isEqualTo("joe");
    }

    @Test
    void anonymousCallsAndEndedSessionsLeaveNothing() {
        activity.dispatched(new RequestContext(virtualPort(), "GetQuote", Caller.ANONYMOUS, Map.of(), null, "text/xml",
                new byte[0]), a, 1);
        activity.dispatched(call("s1", "GetQuote"), a, 1);
        activity.sessionEnded("s1");

        assertThat(activity.of("s1")).isEmpty();
    }

    @Test
    void theNumberOfSessionsKeptIsBounded() {
        activity.dispatched(call("s1", "GetQuote"), a, 1);
        activity.dispatched(call("s2", "GetQuote"), a, 1);
        activity.dispatched(call("s3", "GetQuote"), a, 1);

        long kept = List.of("s1", "s2", "s3").stream().filter(s -> activity.of(s).isPresent()).count();
        assertThat(kept).isEqualTo(2);
        assertThat(activity.of("s3")).isPresent();
    }

    private static RequestContext call(String sessionId, String operation) {
        return new RequestContext(virtualPort(), operation, new Caller(sessionId, "joe", "gold", List.of()), Map.of(),
                null, "text/xml", "<x/>".getBytes(StandardCharsets.UTF_8));
    }
}
