package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.Logout;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * What selection learnt before a restart is still known after it: response times for {@code fastest},
 * the open sessions and their transaction history.
 */
class StatusAcrossRestartTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-slow", "quote-quick")
            .configured(config -> config.statusSaveInterval(Duration.ofHours(1)));

    @Test
    void fastestStillPrefersTheInstanceMeasuredFastAfterARestartWithoutMeasuringAgain() throws Exception {
        domain.registerAll();
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults><selection directive="fastest"/></defaults>
                </policy>
                """);
        domain.provider("quote-slow").setDelayMs(300);
        assertThat(served()).as("unmeasured instances go first, in turn").isEqualTo("quote-slow");
        assertThat(served()).isEqualTo("quote-quick");
        assertThat(served()).isEqualTo("quote-quick");

        domain.node().restart();

        long slowBefore = domain.provider("quote-slow").requestsReceived();
        for (int i = 0; i < 4; i++) {
            assertThat(served()).as("a node that forgot the measures would try quote-slow first").isEqualTo("quote-quick");
        }
        assertThat(domain.provider("quote-slow").requestsReceived()).isEqualTo(slowBefore);
    }

    @Test
    void aSessionStaysOpenAcrossARestartAndKeepsItsTransactionHistory() throws Exception {
        domain.registerAll();
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults><selection directive="transaction-history"/></defaults>
                </policy>
                """);
        domain.setup().user("ann", "ann-pw", "customer");
        String session = domain.setup().login("ann", "ann-pw");
        served(session);
        String last = served(session);
        assertThat(served(session)).isEqualTo(last);

        domain.node().restart();

        for (int i = 0; i < 4; i++) {
            assertThat(served(session)).as("a node that forgot the session or its history would take turns").isEqualTo(last);
        }
        Path saved = domain.node().config().dataDir().resolve("status").resolve("sessions.json");
        assertThat(Files.getPosixFilePermissions(saved)).as("session ids are credentials")
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    }

    @Test
    void aLogoutIsSavedAtOnceSoThatNoLaterRestartReopensTheSession() throws Exception {
        domain.registerAll();
        domain.setup().user("cy", "cy-pw", "customer");
        String session = domain.setup().login("cy", "cy-pw");
        domain.node().restart();
        Path saved = domain.node().config().dataDir().resolve("status").resolve("sessions.json");
        assertThat(Files.readString(saved)).as("saved at the stop").contains(session);

        Logout logout = new Logout();
        logout.setSessionId(session);
        domain.node().home().logout(logout);

        assertThat(Files.readString(saved)).as("saved at the logout, an hour before the next interval").doesNotContain(session);
    }

    @Test
    void aSessionOfAUserRemovedBeforeTheRestartStaysClosed() throws Exception {
        domain.registerAll();
        domain.setup().user("bob", "bob-pw", "customer");
        String session = domain.setup().login("bob", "bob-pw");
        domain.node().stop();
        Files.writeString(domain.node().config().dataDir().resolve("users.json"),
                Files.readString(domain.node().config().dataDir().resolve("users.json")).replace("\"bob\"", "\"rob\""));

        domain.node().restart();

        assertThat(StockQuoteCalls.getQuote(port(), "ACME", session).faultCode()).contains("NotAuthorized");
    }

        @Test
    void aCorruptStatusFileDoesNotStopTheNodeFromStarting() throws Exception {
        domain.registerAll();
        domain.node().stop();
        Path status = domain.node().config().dataDir().resolve("status");
        Files.createDirectories(status);
        Files.writeString(status.resolve("fixed-choices.json"), "{\"version\":1,\"choices\":[{");
        Files.writeString(status.resolve("instance-latency.json"), "not json");

        domain.node().restart();

        assertThat(served()).startsWith("quote-");
    }

    private String served(String session) {
        return StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", session));
    }

    private String served() {
        return StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME"));
    }

    private URI port() {
        return domain.node().virtualPortAddress("StockQuotePortType");
    }
}
