package org.servicedomain.testsupport;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * What the code under test logs in this JVM, captured through a Logback {@link ListAppender} on the
 * root logger for as long as the capture is open, so a test can assert on the lines an operator would
 * read (how many, whether they carry a stack trace). The configured levels still apply.
 */
public final class LogCapture implements AutoCloseable {

    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>() {
        @Override
        protected void append(ILoggingEvent event) {
            event.prepareForDeferredProcessing(); // the MDC as it is on the logging thread, read later on another
            super.append(event);
        }
    };

    private LogCapture() {
        appender.setContext(root.getLoggerContext());
        appender.setName("log-capture-" + System.identityHashCode(this));
        appender.start();
        root.addAppender(appender);
    }

    /** Starts capturing every event that reaches the root logger. */
    public static LogCapture start() {
        return new LogCapture();
    }

    /** The events captured so far, in order. */
    public List<ILoggingEvent> events() {
        synchronized (appender) {
            return List.copyOf(appender.list);
        }
    }

    /** The events of loggers whose name starts with {@code prefix}. */
    public List<ILoggingEvent> eventsOf(String prefix) {
        return events().stream().filter(e -> e.getLoggerName().startsWith(prefix)).toList();
    }

    @Override
    public void close() {
        root.detachAppender(appender);
        appender.stop();
    }
}
