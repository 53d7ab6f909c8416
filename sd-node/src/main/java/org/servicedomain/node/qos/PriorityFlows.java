package org.servicedomain.node.qos;

import io.github.bucket4j.TimeMeter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.servicedomain.node.core.DaemonThreads;

/**
 * The node's flows: one {@link FlowScheduler} per virtual port that has seen classed traffic, the
 * one timer thread that releases and expires waiting requests, and the latest allocation, for
 * operators. Waiting requests hold no thread, only a slot in a queue and a timer entry.
 */
public final class PriorityFlows implements AutoCloseable {

    private final ScheduledThreadPoolExecutor timer;
    private final TimeMeter time;
    private final Map<String, FlowScheduler> ports = new ConcurrentHashMap<>();
    private final List<Consumer<FlowScheduler>> newPortListeners = new CopyOnWriteArrayList<>();
    private volatile AllocationRound lastRound = AllocationRound.NONE;

    public PriorityFlows() {
        this(TimeMeter.SYSTEM_NANOTIME);
    }

    PriorityFlows(TimeMeter time) {
        this.time = time;
        this.timer = new ScheduledThreadPoolExecutor(1, DaemonThreads.named("sd-priority-queues"));
        this.timer.setRemoveOnCancelPolicy(true);
    }

    /** The flows of {@code virtualPort}, made on its first classed request. */
    public FlowScheduler of(String virtualPort) {
        FlowScheduler port = ports.get(virtualPort);
        if (port != null) {
            return port;
        }
        FlowScheduler made = new FlowScheduler(virtualPort, timer, time);
        port = ports.putIfAbsent(virtualPort, made);
        if (port != null) {
            return port;
        }
        newPortListeners.forEach(listener -> listener.accept(made));
        return made;
    }

    /** Tells {@code listener} of every port's flows when they are made, e.g. to export them as metrics. */
    public void onNewPort(Consumer<FlowScheduler> listener) {
        newPortListeners.add(listener);
    }

    public List<FlowScheduler> ports() {
        return List.copyOf(ports.values());
    }

    /** Forgets a virtual port that left the catalog. */
    public void forget(String virtualPort) {
        ports.remove(virtualPort);
    }

    /** The timer the allocator's rounds may run on too, so that flows change on one thread. */
    public ScheduledExecutorService timer() {
        return timer;
    }

    public AllocationRound lastRound() {
        return lastRound;
    }

    public void recordRound(AllocationRound round) {
        this.lastRound = round;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
