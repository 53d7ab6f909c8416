package org.servicedomain.node.billing;

import java.math.BigDecimal;

/**
 * The calls of one user on one operation priced by one fee, and what they cost: exactly
 * {@code unitPrice × calls}, never rounded.
 *
 * @param fee the fee's {@link FeeRule#label()}, or {@value BillCalculator#NO_FEE} for calls no fee matches (free)
 */
public record BillLine(String user, String virtualPort, String operation, String fee, BigDecimal unitPrice, long calls,
        BigDecimal amount) {
}
