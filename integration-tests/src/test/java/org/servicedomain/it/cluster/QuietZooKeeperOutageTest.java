package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.curator.test.InstanceSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.LogCapture;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Issue 31, item 7: a member whose ZooKeeper goes away says so in one WARN line and its return in one
 * INFO line; the failures in between (ZooKeeper's and Curator's reconnection attempts, the member's own
 * refused writes) do not flood the log with a stack trace per attempt (it used to be ~400 lines a minute).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class QuietZooKeeperOutageTest {

    @RegisterExtension
    static final ZooKeeperEnsemble ZOOKEEPER = new ZooKeeperEnsemble(1);

    /** What an operator would call a handful: a loss line, a recovery line, a few rate-limited summaries. */
    private static final int HANDFUL = 6;

    /** Lost on suspension; then, when the session expired, "none leads", "X leads" and "this member leads". */
    private static final int LEADERSHIP_CHANGES = 4;

    private static final String LEADERSHIP = "org.servicedomain.node.cluster.Leadership";

    private static final String AUDIT_TRAIL = "org.servicedomain.node.engine.events.EventLog";

    @Test
    void aMemberLogsTheLossAndTheReturnOfZooKeeperInAFewLinesWithoutStackTraces() throws Exception {
        RunningNode member = ZOOKEEPER.startMembers("quiet", 1).get(0);
        try (ProviderFleet providers = ProviderFleet.stockQuotes("quote-a")) {
            new DomainSetup(member.home()).provider(providers.named("quote-a"), null);
            assertQuietThroughAnOutage(member);
        }
    }

    private static void assertQuietThroughAnOutage(RunningNode member) throws Exception {
        URI port = member.virtualPortAddress("StockQuotePortType");
        await().atMost(Duration.ofSeconds(10)).until(() -> StockQuoteCalls.getQuote(port, "ACME").status() == 200);
        InstanceSpec server = ZOOKEEPER.servers().getInstances().iterator().next();

        List<ILoggingEvent> logged;
        try (LogCapture log = LogCapture.start()) {
            ZOOKEEPER.servers().killServer(server);
            Instant outageEnds = Instant.now().plusSeconds(15);
            while (Instant.now().isBefore(outageEnds)) {
                assertThat(StockQuoteCalls.getQuote(port, "ACME").status()).as("served from the cache during the outage").isEqualTo(200);
                tryAChange(member);
                TimeUnit.MILLISECONDS.sleep(250); // a little traffic, not a flood: the pace of the calls, not a wait for a condition
            }
            ZOOKEEPER.servers().restartServer(server);
            await().atMost(Duration.ofSeconds(60)).until(() -> log.events().stream().anyMatch(QuietZooKeeperOutageTest::isRecoveryLine));
            logged = log.events().stream().filter(QuietZooKeeperOutageTest::fromTheMember).toList();
        }

        String lines = logged.stream().map(QuietZooKeeperOutageTest::describe).collect(Collectors.joining("\n"));
        assertThat(logged).as(lines).filteredOn(e -> !e.getLoggerName().equals(LEADERSHIP)).hasSizeLessThanOrEqualTo(HANDFUL);
        assertThat(logged).as("leadership changes, one line each (more when the outage outlives the session):\n" + lines)
                .filteredOn(e -> e.getLoggerName().equals(LEADERSHIP)).hasSizeLessThanOrEqualTo(LEADERSHIP_CHANGES);
        assertThat(logged).as("no stack trace at INFO or above:\n" + lines).allMatch(e -> e.getThrowableProxy() == null);
        assertThat(logged).as(lines).filteredOn(e -> e.getLevel() == Level.WARN && e.getFormattedMessage().contains("lost ZooKeeper"))
                .hasSize(1);
        assertThat(logged).as(lines).filteredOn(QuietZooKeeperOutageTest::isRecoveryLine).hasSize(1);
    }

    /** A change the member must refuse while ZooKeeper is away; its refusal is the caller's, not a log line per call. */
    private static void tryAChange(RunningNode member) {
        try {
            new DomainSetup(member.home()).user("joe-" + System.nanoTime(), "joe-pw", "gold");
        } catch (HomeFault | RuntimeException refused) {
            // refused with NoQuorum, as expected while ZooKeeper is down; what matters here is the member's log
        }
    }

    private static boolean isRecoveryLine(ILoggingEvent event) {
        return event.getLevel() == Level.INFO && event.getFormattedMessage().contains("ZooKeeper is back");
    }

    /**
     * The member's lines and its ZooKeeper client's; the in-process ZooKeeper server's own lines are the test's
     * scenery, and the audit trail records each attempted change by design (one line per administrative action).
     */
    private static boolean fromTheMember(ILoggingEvent event) {
        return event.getLevel().isGreaterOrEqual(Level.INFO) && !event.getLoggerName().startsWith("org.apache.zookeeper.server")
                && !event.getLoggerName().startsWith("org.apache.curator.test") && !event.getLoggerName().equals(AUDIT_TRAIL);
    }

    private static String describe(ILoggingEvent event) {
        return event.getLevel() + " " + event.getLoggerName() + " - " + event.getFormattedMessage()
                + (event.getThrowableProxy() == null ? "" : " [" + event.getThrowableProxy().getClassName() + " with stack trace]");
    }
}
