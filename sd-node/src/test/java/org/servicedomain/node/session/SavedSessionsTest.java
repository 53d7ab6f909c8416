package org.servicedomain.node.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Caller;

class SavedSessionsTest {

    private static final User JOE = new User("joe", "platinum", List.of("bankA"), Set.of("user"));
    private static final User ANN = new User("ann", "trial", List.of(), Set.of("user"));

    private final TestClock clock = new TestClock();

    @Test
    void aSavedSessionReopensWithItsUsersCurrentLevelAndItsIdleTime() throws IOException {
        SessionRegistry before = new SessionRegistry(new FixedUsers().with(JOE, "pw"), clock);
        Session session = before.login("joe", "pw".toCharArray());
        byte[] saved = new SavedSessions(before, 10).snapshot();
        User promoted = new User("joe", "diamond", List.of("bankB"), Set.of("user"));
        SessionRegistry after = new SessionRegistry(new FixedUsers().with(promoted, "pw"), clock);

        new SavedSessions(after, 10).restore(saved);

        assertThat(after.caller(session.id())).contains(new Caller(session.id(), "joe", "diamond", List.of("bankB")));
        clock.advance(SessionRegistry.DEFAULT_IDLE_TIMEOUT.plus(Duration.ofSeconds(1)));
        assertThat(after.caller(session.id())).as("idle since its last use before the save").isEmpty();
    }

    @Test
    void theSessionOfAUserWhoIsGoneStaysClosed() throws IOException {
        SessionRegistry before = new SessionRegistry(new FixedUsers().with(JOE, "pw").with(ANN, "pw"), clock);
        Session joe = before.login("joe", "pw".toCharArray());
        Session ann = before.login("ann", "pw".toCharArray());
        byte[] saved = new SavedSessions(before, 10).snapshot();
        SessionRegistry after = new SessionRegistry(new FixedUsers().with(ANN, "pw"), clock);

        new SavedSessions(after, 10).restore(saved);

        assertThat(after.caller(joe.id())).isEmpty();
        assertThat(after.caller(ann.id())).isPresent();
    }

    @Test
    void aFileThatIsNotAListOfSessionsIsRefusedAndOpensNothing() {
        SessionRegistry after = new SessionRegistry(new FixedUsers().with(JOE, "pw"), clock);
        SavedSessions saved = new SavedSessions(after, 10);

        assertThatThrownBy(() -> saved.restore("[{\"user\":\"joe\"}]".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class);
        assertThat(after.count()).isZero();
    }
}
