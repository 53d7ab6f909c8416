package org.servicedomain.node.core;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** A repeated failure is one line per cause per period, with the count of the repeats left out, and no stack trace above DEBUG. */
class RepeatedWarningTest {

    private final Logger log = (Logger) LoggerFactory.getLogger("test.repeated-warning");
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final AtomicLong now = new AtomicLong();
    private final RepeatedWarning warning = new RepeatedWarning(log, org.slf4j.event.Level.WARN, Duration.ofSeconds(30), now::get);

    @BeforeEach
    void capture() {
        log.setLevel(Level.INFO);
        lines.start();
        log.addAppender(lines);
    }

    @AfterEach
    void release() {
        log.detachAppender(lines);
    }

    @Test
    void repeatsWithinThePeriodAreCountedAndNamedInTheNextLine() {
        for (int i = 0; i < 5; i++) {
            warning.log("refused", "ZooKeeper refused", new ConnectException("Connection refused"));
            now.addAndGet(Duration.ofSeconds(1).toNanos());
        }
        now.addAndGet(Duration.ofSeconds(30).toNanos());
        warning.log("refused", "ZooKeeper refused", new ConnectException("Connection refused"));

        assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage).containsExactly("ZooKeeper refused",
                "ZooKeeper refused (4 more like it in the last 30 s not logged)");
        assertThat(lines.list).allMatch(e -> e.getLevel() == Level.WARN && e.getThrowableProxy() == null);
    }

    @Test
    void eachCauseHasItsOwnPeriodAndAResetLogsTheNextAtOnce() {
        warning.log("a", "first a", null);
        warning.log("b", "first b", null);
        warning.log("a", "second a", null);
        warning.reset();
        warning.log("a", "third a", null);

        assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage).containsExactly("first a", "first b", "third a");
    }
}
