package org.servicedomain.console;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * The console's own Logback set-up (it runs in its own web application, with its own Logback), found
 * by Logback as a service rather than as a {@code logback.xml}: beside the launcher, whose jar has a
 * {@code logback.xml} of its own, a second one on the console's class path made Logback print its
 * status (some thirty lines) at every start. The layout is the node's, so both read alike.
 */
public final class ConsoleLogging extends ContextAwareBase implements Configurator {

    static final String PATTERN = "%d{HH:mm:ss.SSS} %-5level [%thread] %logger{36} - %msg%n";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName("console");
        console.setEncoder(encoder);
        console.start();
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(console);
        context.getLogger("org.servicedomain").setLevel(Level.INFO);
        context.getLogger("org.apache").setLevel(Level.WARN);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
