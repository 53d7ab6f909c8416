package org.servicedomain.node.billing;

import java.math.BigDecimal;
import java.time.ZonedDateTime;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import org.servicedomain.node.engine.monitor.Metering;

/**
 * One {@code fee} of the policy: the price of a call matched by everything it names (null: any).
 *
 * @param order its place in the document, which breaks ties between fees of equal {@link #rank()}
 * @param level how the policy named the level: {@code userLevel=gold} or {@code package=premium}; null for any
 * @param userLevels the user levels the level stands for; null for any
 * @param supplierLevel the supplier level the instance that answered must belong to (as metered at the call); null for any
 * @param window the time window's name; null for any time
 * @param during whether a call's local time is in the window
 */
public record FeeRule(int order, String virtualPort, String operation, String level, Set<String> userLevels,
        String supplierLevel, String window, Predicate<ZonedDateTime> during, BigDecimal perCall) {

    public FeeRule {
        Objects.requireNonNull(perCall, "perCall");
        Objects.requireNonNull(during, "during");
        if (perCall.signum() < 0) {
            throw new IllegalArgumentException("perCall must be zero or more but was " + perCall.toPlainString());
        }
        if (operation != null && virtualPort == null) {
            throw new IllegalArgumentException("a fee naming operation " + operation + " must name its virtualPort");
        }
        userLevels = userLevels == null ? null : Set.copyOf(userLevels);
    }

    /**
     * How specific the fee is; the highest-ranked fee that matches a call prices it: an operation (16)
     * beats a user level or package (8), which beats a supplier level (4), which beats a virtual port (2);
     * a window (1) only beats the same fee without one. Each weighs more than all below it together.
     */
    public int rank() {
        return (operation != null ? 16 : 0) + (userLevels != null ? 8 : 0) + (supplierLevel != null ? 4 : 0)
                + (virtualPort != null ? 2 : 0) + (window != null ? 1 : 0);
    }

    /** Whether this fee prices {@code call}, made at {@code localTime} in the policy's time zone. */
    public boolean matches(Metering.Record call, ZonedDateTime localTime) {
        return (virtualPort == null || virtualPort.equals(call.virtualPort()))
                && (operation == null || operation.equals(call.operation()))
                && (userLevels == null || (call.userLevel() != null && userLevels.contains(call.userLevel())))
                && (supplierLevel == null || call.supplierLevels().contains(supplierLevel))
                && (window == null || during.test(localTime));
    }

    /** What the fee matches, as a bill line shows it: {@code default} for the fee that names nothing. */
    public String label() {
        StringBuilder text = new StringBuilder();
        append(text, "virtualPort", virtualPort);
        append(text, "operation", operation);
        if (level != null) {
            text.append(text.isEmpty() ? "" : " ").append(level);
        }
        append(text, "supplierLevel", supplierLevel);
        append(text, "window", window);
        return text.isEmpty() ? "default" : text.toString();
    }

    private static void append(StringBuilder text, String name, String value) {
        if (value != null) {
            text.append(text.isEmpty() ? "" : " ").append(name).append('=').append(value);
        }
    }
}
