package org.servicedomain.node.billing;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * What a user or an organisation owes for the calls of a period: lines with exact amounts, their
 * exact sum, and the total, that sum rounded half-even to the currency's minor unit.
 *
 * @param subject {@code user} or {@code organisation}
 * @param from the period's start, inclusive
 * @param to the period's end, exclusive
 */
public record Bill(String subject, String name, Instant from, Instant to, String currency, List<BillLine> lines,
        long calls, BigDecimal subtotal, BigDecimal total) {

    public static final String USER = "user";
    public static final String ORGANISATION = "organisation";

    public Bill {
        lines = List.copyOf(lines);
    }

    /** The rounding rule, in words, for people reading the bill. */
    public String rounding() {
        return "lines exact; total = sum of lines rounded half-even to " + total.scale() + " decimal places (" + currency + ")";
    }
}
