package org.servicedomain.node.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.EnvelopeHead;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.RequestContext;

/** The caller of a request is the user of its session header: anonymous without one, refused for a session that is gone. */
class CallerStageTest {

    private static final User JOE = new User("joe", "platinum", List.of("bankA"), Set.of("user"));

    private final TestClock clock = new TestClock();
    private final SessionRegistry sessions = new SessionRegistry(new FixedUsers().with(JOE, "s3cret"), clock);
    private final CallerStage stage = new CallerStage(sessions);

    @Test
    void aRequestWithoutSessionHeaderGoesOnAsAnAnonymousCall() {
        RecordingChain chain = RecordingChain.answering(inSession(null));

        stage.process(chain).join();

        assertThat(chain.passedOn().caller()).isEqualTo(Caller.ANONYMOUS);
    }

    @Test
    void aValidSessionMakesItsUserTheCallerWithLevelAndDesignatedProviders() {
        String session = sessions.login("joe", "s3cret".toCharArray()).id();
        RecordingChain chain = RecordingChain.answering(inSession(session));

        stage.process(chain).join();

        assertThat(chain.passedOn().caller()).isEqualTo(new Caller(session, "joe", "platinum", List.of("bankA")));
    }

    @Test
    void anUnknownSessionIsRefusedNotAuthorizedAndToldToLogInAgain() {
        RecordingChain chain = RecordingChain.answering(inSession("no-such-session"));

        NodeFault refusal = chain.refusalBy(stage);

        assertThat(refusal.code()).isEqualTo(FaultCode.NotAuthorized);
        assertThat(refusal).hasMessageContaining("log in again");
        assertThat(chain.wasPassedOn()).isFalse();
    }

    @Test
    void aSessionIdleBeyondItsTimeoutIsRefusedLikeAnUnknownOne() {
        String session = sessions.login("joe", "s3cret".toCharArray()).id();
        clock.advance(SessionRegistry.DEFAULT_IDLE_TIMEOUT.plus(Duration.ofSeconds(1)));
        RecordingChain chain = RecordingChain.answering(inSession(session));

        NodeFault refusal = chain.refusalBy(stage);

        assertThat(refusal.code()).isEqualTo(FaultCode.NotAuthorized);
        assertThat(chain.wasPassedOn()).isFalse();
    }

    private static RequestContext inSession(String sessionId) {
        return TestInstances.request().withTag(EnvelopeHead.class, new EnvelopeHead(TestInstances.GET_QUOTE, sessionId));
    }
}
