package org.servicedomain.node.core;

/**
 * When a request's head arrived ({@link System#nanoTime()}), tagged on the request as the chain
 * starts: deadlines counted from arrival start here, not after the body was read or the request queued.
 */
public record Arrived(long nanoTime) {
}
