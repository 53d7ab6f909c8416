package org.servicedomain.node.audit;

import java.time.Instant;
import java.util.Objects;

/**
 * One administrative action as the audit trail keeps it. Never holds a secret: passwords, session
 * ids and tokens stay out of every field.
 *
 * @param who the user, {@code anonymous}, or {@code node NAME} / {@code member ID} for a change the node made itself
 * @param action what was done: the home-port operation ({@code register}, {@code login}, ...) or the automatic change
 * @param target what it was done to (an instance id, a user, a port, a policy version), or null
 * @param from the caller's address (the forwarded one behind a trusted proxy), or null for the node itself
 * @param outcome {@value #OK}, or the fault code the caller got
 * @param detail a few words more for people, or null
 */
public record AuditEntry(Instant time, String who, String action, String target, String from, String outcome, String detail) {

    /** The outcome of an action that succeeded. */
    public static final String OK = "ok";

    public AuditEntry {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(who, "who");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(outcome, "outcome");
    }

    /** One line for the events feed and the log. */
    public String sentence() {
        return who + " " + action + (target == null ? "" : " " + target) + (from == null ? "" : " from " + from) + ": " + outcome
                + (detail == null ? "" : " (" + detail + ")");
    }
}
