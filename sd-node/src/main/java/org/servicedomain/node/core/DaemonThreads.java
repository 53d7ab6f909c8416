package org.servicedomain.node.core;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The node's background threads: daemons, so that a node left open never keeps its JVM alive, and named,
 * so that a thread dump says whose each one is.
 */
public final class DaemonThreads {

    private DaemonThreads() {
    }

    /** Makes daemon threads named {@code name}. */
    public static ThreadFactory named(String name) {
        return task -> daemon(task, name);
    }

    /** Makes daemon threads named {@code prefix-1}, {@code prefix-2}, ..., for a pool of several. */
    public static ThreadFactory numbered(String prefix) {
        AtomicInteger made = new AtomicInteger();
        return task -> daemon(task, prefix + "-" + made.incrementAndGet());
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }
}
