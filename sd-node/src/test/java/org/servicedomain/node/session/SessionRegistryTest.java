package org.servicedomain.node.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

class SessionRegistryTest {

    private static final User JOE = new User("joe", "platinum", List.of("bankA"), Set.of("user"));
    private static final User ANN = new User("ann", "trial", List.of(), Set.of("user"));

    private final TestClock clock = new TestClock();
    private final FixedUsers users = new FixedUsers().with(JOE, "s3cret").with(ANN, "pw");
    private final SessionRegistry sessions = new SessionRegistry(users, clock);

    @Test
    void loginAnswersAFreshUrlSafeIdAndTheUserLevel() {
        Session first = login("joe");
        Session second = login("joe");

        assertThat(first.id()).matches("[A-Za-z0-9_-]{43}").isNotEqualTo(second.id());
        assertThat(first.userLevel()).isEqualTo("platinum");
        assertThat(first.toString()).doesNotContain(first.id());
    }

    @Test
    void lookupFindsTheCallerBehindASession() {
        Session session = login("joe");

        assertThat(sessions.caller(session.id()))
                .contains(new Caller(session.id(), "joe", "platinum", List.of("bankA")));
        assertThat(sessions.caller("no-such-session")).isEmpty();
        assertThat(sessions.caller(null)).isEmpty();
    }

    @Test
    void logoutsAndChangesOfUserAreHeardAsRevocationsButExpiryIsNot() {
        AtomicInteger revocations = new AtomicInteger();
        sessions.onRevocation(revocations::incrementAndGet);
        Session expiring = login("ann");
        Session loggedOut = login("joe");
        login("joe");

        sessions.logout(loggedOut.id());
        sessions.endSessionsOf("joe");
        clock.advance(SessionRegistry.DEFAULT_IDLE_TIMEOUT.plus(Duration.ofSeconds(1)));
        sessions.caller(expiring.id());

        assertThat(revocations).hasValue(2);
    }

    @Test
    void wrongPasswordOpensNoSession() {
        assertThatThrownBy(() -> sessions.login("joe", "guess".toCharArray()))
                .isInstanceOfSatisfying(NodeFault.class, f -> assertThat(f.code()).isEqualTo(FaultCode.NotAuthorized));
        assertThat(sessions.count()).isZero();
    }

    @Test
    void logoutEndsTheSessionOnce() {
        Session session = login("joe");

        assertThat(sessions.logout(session.id())).isTrue();
        assertThat(sessions.logout(session.id())).isFalse();
        assertThat(sessions.caller(session.id())).isEmpty();
    }

    @Test
    void sessionExpiresAfterTheIdleTimeout() {
        Session session = login("joe");

        clock.advance(Duration.ofMinutes(30));
        assertThat(sessions.caller(session.id())).isPresent();
        clock.advance(Duration.ofMinutes(30).plusMillis(1));

        assertThat(sessions.caller(session.id())).isEmpty();
        assertThat(sessions.logout(session.id())).isFalse();
    }

    @Test
    void lookupKeepsASessionAlive() {
        Session session = login("joe");
        sessions.setIdleTimeout(Duration.ofMinutes(5));

        for (int i = 0; i < 10; i++) {
            clock.advance(Duration.ofMinutes(4));
            assertThat(sessions.caller(session.id())).isPresent();
        }
        clock.advance(Duration.ofMinutes(6));

        assertThat(sessions.caller(session.id())).isEmpty();
    }

    @Test
    void anAdministratorsPeekDoesNotKeepASessionAlive() {
        Session session = login("joe");
        sessions.setIdleTimeout(Duration.ofMinutes(5));

        clock.advance(Duration.ofMinutes(4));
        assertThat(sessions.peek(session.id())).hasValueSatisfying(c -> assertThat(c.user()).isEqualTo("joe"));
        clock.advance(Duration.ofMinutes(2));

        assertThat(sessions.peek(session.id())).isEmpty();
        assertThat(sessions.caller(session.id())).isEmpty();
    }

    @Test
    void loginSweepsExpiredSessionsNobodyLooksUp() {
        login("joe");
        login("ann");
        clock.advance(Duration.ofHours(1));

        login("ann");

        assertThat(sessions.count()).isEqualTo(1);
    }

    @Test
    void changesOfAUserReachTheirOpenSessionsOnly() {
        Session joe = login("joe");
        Session ann = login("ann");

        sessions.refresh(new User("joe", "gold", List.of(), Set.of("user")));
        assertThat(sessions.caller(joe.id())).hasValueSatisfying(c -> assertThat(c.userLevel()).isEqualTo("gold"));

        assertThat(sessions.endSessionsOf("joe")).isEqualTo(1);
        assertThat(sessions.caller(joe.id())).isEmpty();
        assertThat(sessions.caller(ann.id())).isPresent();
    }

    @Test
    void refusesANonPositiveIdleTimeout() {
        assertThatThrownBy(() -> sessions.setIdleTimeout(Duration.ZERO)).hasMessageContaining("but was PT0S");
    }

    private Session login(String user) {
        return sessions.login(user, (user.equals("joe") ? "s3cret" : "pw").toCharArray());
    }
}
