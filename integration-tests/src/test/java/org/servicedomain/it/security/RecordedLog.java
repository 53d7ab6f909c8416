package org.servicedomain.it.security;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.LoggerFactory;

/** The log lines the node writes under a logger while a test runs; close it to stop recording. */
public final class RecordedLog implements AutoCloseable {

    private final Logger logger;
    private final Level previous;
    private final List<ILoggingEvent> events = new CopyOnWriteArrayList<>();
    private final AppenderBase<ILoggingEvent> appender = new AppenderBase<>() {
        @Override
        protected void append(ILoggingEvent event) {
            events.add(event);
        }
    };

    private RecordedLog(String loggerName, Level level) {
        logger = (Logger) LoggerFactory.getLogger(loggerName);
        previous = logger.getLevel();
        logger.setLevel(level);
        appender.start();
        logger.addAppender(appender);
    }

    /** Records what the node logs at INFO and above. */
    public static RecordedLog ofNode() {
        return new RecordedLog("org.servicedomain", Level.INFO);
    }

    /** Records what {@code loggerName} logs at {@code level} and above. */
    public static RecordedLog of(String loggerName, Level level) {
        return new RecordedLog(loggerName, level);
    }

    public List<ILoggingEvent> events() {
        return List.copyOf(events);
    }

    /** Each event's formatted message, with the stack trace's first line when it has one. */
    public List<String> lines() {
        return events.stream().map(e -> e.getFormattedMessage()
                + (e.getThrowableProxy() == null ? "" : " | " + e.getThrowableProxy().getClassName())).toList();
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
        appender.stop();
        logger.setLevel(previous);
    }
}
