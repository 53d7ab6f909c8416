package org.servicedomain.node.launcher;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeAndTimeBasedRollingPolicy;
import ch.qos.logback.core.util.FileSize;
import java.nio.file.Path;
import org.servicedomain.node.config.NodeSettings;
import org.servicedomain.node.engine.monitor.AccessLog;
import org.slf4j.LoggerFactory;

/**
 * Sets up Logback for the standalone node from its options, replacing {@code logback.xml}: text
 * (with date and zone) or Logback's own JSON layout; on the console, or in a file rolled daily and
 * at {@value #MAX_FILE_SIZE} with {@value #MAX_HISTORY_DAYS} days kept; and the access log, when
 * on, through a non-blocking queue to its own file (or the console), so a slow disk never holds a request.
 */
final class NodeLogging {

    /** The text layout: ISO date and time with zone offset, level, thread, request id, trace id, logger, message. */
    static final String PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level [%thread]%replace( req=%X{requestId}){' req=$', ''}%replace( trace=%X{traceId}){' trace=$', ''}"
            + " %logger{36} - %msg%n";
    static final String MAX_FILE_SIZE = "100MB";
    static final int MAX_HISTORY_DAYS = 14;
    private static final String TOTAL_SIZE_CAP = "5GB";
    /**
     * ZooKeeper's and Curator's loggers that write a line (with a stack trace) per reconnection attempt
     * while ZooKeeper is away; the member logs the loss and the return itself (ClusterConnection).
     */
    static final java.util.List<String> ZOOKEEPER_PER_ATTEMPT = java.util.List.of("org.apache.zookeeper.ClientCnxn",
            "org.apache.curator.ConnectionState", "org.apache.curator.framework.state.ConnectionStateManager");

    private final LoggerContext context;

    private NodeLogging(LoggerContext context) {
        this.context = context;
    }

    /**
     * Configures logging; returns where the log goes (a file) or null for the console.
     * {@code hasConsole} is whether the process runs on a terminal.
     */
    static Path configure(NodeSettings.Logging logging, Path dataDir, boolean hasConsole) {
        Path file = logFile(logging.file(), dataDir, hasConsole);
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        NodeLogging setup = new NodeLogging(context);
        boolean json = "json".equals(logging.format());
        Appender<ILoggingEvent> main = setup.appender("main", json, file);
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(main);
        context.getLogger("org.servicedomain").setLevel(Level.INFO);
        context.getLogger("org.apache").setLevel(Level.WARN);
        for (String perAttempt : ZOOKEEPER_PER_ATTEMPT) {
            context.getLogger(perAttempt).setLevel(Level.ERROR);
        }
        Logger access = context.getLogger(AccessLog.LOGGER);
        access.setAdditive(false);
        if (logging.accessLog()) {
            Path accessFile = file == null ? null : file.resolveSibling("access.log");
            access.setLevel(Level.INFO);
            access.addAppender(setup.queued(setup.appender("access", json, accessFile)));
        } else {
            access.setLevel(Level.OFF);
        }
        return file;
    }

    /**
     * Whether the process writes to a terminal: {@code System.console()} is null when it does not on
     * Java 17-21; from Java 22 a console exists regardless and {@code Console.isTerminal()} tells.
     */
    static boolean onTerminal() {
        java.io.Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (NoSuchMethodException e) {
            return true; // before Java 22 a console is a terminal
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Console.isTerminal() could not be called", e);
        }
    }

    /** Flushes and closes the appenders, at the end of the process. */
    static void stop() {
        ((LoggerContext) LoggerFactory.getILoggerFactory()).stop();
    }

    private static Path logFile(String file, Path dataDir, boolean hasConsole) {
        return switch (file) {
            case NodeSettings.Logging.CONSOLE -> null;
            case NodeSettings.Logging.AUTO -> hasConsole ? null : dataDir.resolve("logs").resolve("sd-node.log");
            default -> Path.of(file);
        };
    }

    private Appender<ILoggingEvent> appender(String name, boolean json, Path file) {
        Appender<ILoggingEvent> appender = file == null ? console(json) : rolling(json, file);
        appender.setName(name);
        appender.start();
        return appender;
    }

    private ConsoleAppender<ILoggingEvent> console(boolean json) {
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setEncoder(encoder(json));
        return console;
    }

    private RollingFileAppender<ILoggingEvent> rolling(boolean json, Path file) {
        RollingFileAppender<ILoggingEvent> appender = new RollingFileAppender<>();
        appender.setContext(context);
        appender.setFile(file.toString());
        String base = file.getFileName().toString().replaceFirst("\\.log$", "");
        SizeAndTimeBasedRollingPolicy<ILoggingEvent> policy = new SizeAndTimeBasedRollingPolicy<>();
        policy.setContext(context);
        policy.setParent(appender);
        policy.setFileNamePattern(file.resolveSibling(base + ".%d{yyyy-MM-dd}.%i.log.gz").toString());
        policy.setMaxFileSize(FileSize.valueOf(MAX_FILE_SIZE));
        policy.setMaxHistory(MAX_HISTORY_DAYS);
        policy.setTotalSizeCap(FileSize.valueOf(TOTAL_SIZE_CAP));
        policy.start();
        appender.setRollingPolicy(policy);
        appender.setTriggeringPolicy(policy);
        appender.setEncoder(encoder(json));
        return appender;
    }

    private Encoder<ILoggingEvent> encoder(boolean json) {
        Encoder<ILoggingEvent> encoder;
        if (json) {
            encoder = new JsonEncoder();
        } else {
            PatternLayoutEncoder pattern = new PatternLayoutEncoder();
            pattern.setPattern(PATTERN);
            encoder = pattern;
        }
        encoder.setContext(context);
        encoder.start();
        return encoder;
    }

    private Appender<ILoggingEvent> queued(Appender<ILoggingEvent> target) {
        AsyncAppender queue = new AsyncAppender();
        queue.setContext(context);
        queue.setName(target.getName() + "-queue");
        queue.setNeverBlock(true);
        queue.setQueueSize(8192);
        queue.addAppender(target);
        queue.start();
        return queue;
    }
}
