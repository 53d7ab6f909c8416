package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.node.session.LoginLimits;
import org.servicedomain.testsupport.MovableClock;
import org.servicedomain.testsupport.NodeWithProviders;

/** Guessing passwords on the home port slows down: per user name and per source address, with a growing backoff. */
class LoginThrottleTest {

    private static final LoginLimits LIMITS = new LoginLimits(3, 8, Duration.ofSeconds(30), Duration.ofMinutes(10),
            Duration.ofHours(1), 1, 4, 1_000);

    private final MovableClock clock = new MovableClock(Instant.parse("2026-03-02T10:00:00Z"));

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet().configured(c -> c.clock(clock).loginLimits(LIMITS));

    private NodeClient node;

    @BeforeEach
    void twoUsers() {
        node = NodeClient.connect(domain.node().baseUri());
        node.setUser(new NodeClient.UserEntry("joe", "joe-pw", "customer", List.of(), List.of("user")));
        node.setUser(new NodeClient.UserEntry("ann", "ann-pw", "customer", List.of(), List.of("user")));
    }

    @Test
    void afterRepeatedWrongPasswordsEvenTheRightOneWaitsForTheBackoff() {
        for (int i = 0; i < 3; i++) {
            String guess = "guess-" + i;
            assertThat(failure(() -> node.login("joe", guess))).doesNotContain("too many");
        }

        assertThat(failure(() -> node.login("joe", "joe-pw"))).contains("too many failed logins").contains("30 s");
        assertThat(node.login("ann", "ann-pw").user()).isEqualTo("ann");
        clock.advance(Duration.ofSeconds(31));
        assertThat(node.login("joe", "joe-pw").user()).isEqualTo("joe");
    }

    @Test
    void eachFurtherFailureDoublesTheWait() {
        for (int i = 0; i < 3; i++) {
            failure(() -> node.login("joe", "guess"));
        }
        clock.advance(Duration.ofSeconds(31));
        failure(() -> node.login("joe", "guess"));

        assertThat(failure(() -> node.login("joe", "joe-pw"))).contains("60 s");
        clock.advance(Duration.ofSeconds(61));
        assertThat(node.login("joe", "joe-pw").user()).isEqualTo("joe");
    }

    @Test
    void guessesAcrossManyUserNamesFromOneAddressThrottleThatAddress() {
        try (RecordedLog log = RecordedLog.ofNode()) {
            for (int i = 0; i < 8; i++) {
                String name = "user-" + i;
                failure(() -> node.login(name, "guess"));
            }

            assertThat(failure(() -> node.login("ann", "ann-pw"))).contains("too many failed logins");
            assertThat(log.lines()).anyMatch(line -> line.contains("repeated failed logins") && line.contains("8 from address"));
        }
        clock.advance(Duration.ofSeconds(31));
        assertThat(node.login("ann", "ann-pw").user()).isEqualTo("ann");
    }

    @Test
    void aLoginFloodIsTurnedAwayBeyondTheHashingQueueInsteadOfTakingTheNodesThreads() throws Exception {
        int flood = 40;
        ExecutorService callers = Executors.newFixedThreadPool(flood);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<String>> outcomes = new ArrayList<>();
            for (int i = 0; i < flood; i++) {
                outcomes.add(callers.submit(() -> {
                    start.await();
                    try {
                        return node.login("ann", "ann-pw").user();
                    } catch (NodeClientException e) {
                        return e.code() + ": " + e.getMessage();
                    }
                }));
            }
            start.countDown();
            List<String> answers = new ArrayList<>();
            for (Future<String> outcome : outcomes) {
                answers.add(outcome.get(60, TimeUnit.SECONDS));
            }

            assertThat(answers).contains("ann")
                    .anyMatch(answer -> answer.startsWith("InternalError") && answer.contains("busy checking other logins"))
                    .allMatch(answer -> answer.equals("ann") || answer.contains("busy checking other logins"));
            assertThat(answers.stream().filter("ann"::equals).count()).as("logins checked")
                    .isLessThan(flood);
        } finally {
            callers.shutdownNow();
        }
        assertThat(node.login("ann", "ann-pw").user()).as("a login after the flood").isEqualTo("ann");
    }

    private static String failure(Runnable call) {
        try {
            call.run();
        } catch (NodeClientException e) {
            assertThat(e.code()).isEqualTo("NotAuthorized");
            return e.getMessage();
        }
        throw new AssertionError("the call succeeded");
    }
}
