package org.servicedomain.node.engine.events;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The node's last events in memory, numbered from 1, for operators who ask for them (the home port's
 * {@code getEvents}). Bounded: the oldest is dropped when a new one would pass the capacity. Events are
 * rare (state changes, not requests), so one small lock is cheap and never on the hot path.
 */
public final class EventRing implements NodeEventListener {

    /** How many events a node keeps unless told otherwise. */
    public static final int DEFAULT_CAPACITY = 1000;

    /** One kept event with its sequence number. */
    public record Numbered(long sequence, NodeEvent event) {
    }

    /** Some kept events, oldest first, and the newest sequence number the ring has given (0: none yet). */
    public record Page(List<Numbered> events, long lastSequence) {
    }

    private final int capacity;
    private final Deque<Numbered> kept = new ArrayDeque<>();
    private long lastSequence;

    public EventRing(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1 but was " + capacity);
        }
        this.capacity = capacity;
    }

    public int capacity() {
        return capacity;
    }

    @Override
    public synchronized void on(NodeEvent event) {
        if (kept.size() == capacity) {
            kept.removeFirst();
        }
        kept.addLast(new Numbered(++lastSequence, event));
    }

    /** At most {@code max} kept events numbered after {@code after}, oldest first. */
    public synchronized Page after(long after, int max) {
        List<Numbered> page = new ArrayList<>(Math.min(max, kept.size()));
        for (Numbered n : kept) {
            if (page.size() == max) {
                break;
            }
            if (n.sequence() > after) {
                page.add(n);
            }
        }
        return new Page(List.copyOf(page), lastSequence);
    }
}
