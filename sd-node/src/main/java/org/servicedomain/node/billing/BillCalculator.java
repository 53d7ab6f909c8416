package org.servicedomain.node.billing;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.servicedomain.node.engine.monitor.Metering;

/**
 * Prices metering records with a {@link FeeSchedule} into a {@link Bill}. Only calls a provider
 * answered (with a reply or its own SOAP fault) are billed; what the node refused or no provider
 * answered costs nothing. Pure: the records come in as a stream, nothing is read or written here.
 */
public final class BillCalculator {

    /** The fee column of calls no fee matches, which cost nothing. */
    public static final String NO_FEE = "none";

    private final FeeSchedule fees;

    public BillCalculator(FeeSchedule fees) {
        if (!fees.isSet()) {
            throw new IllegalArgumentException("the policy sets no fees: add a fees element to bill calls");
        }
        this.fees = fees;
    }

    /** The bill of {@code user} for the records of {@code calls} timed from {@code from} (inclusive) to {@code to} (exclusive). */
    public Bill ofUser(String user, Instant from, Instant to, Stream<Metering.Record> calls) {
        return bill(Bill.USER, user, Set.of(user), from, to, calls);
    }

    /** The bill of organisation {@code name}: the calls of all its users in the period; IllegalArgumentException when unknown. */
    public Bill ofOrganisation(String name, Instant from, Instant to, Stream<Metering.Record> calls) {
        Set<String> users = fees.members(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown organisation '" + name + "'; the policy's fees name " + new java.util.TreeSet<>(fees.organisations())));
        return bill(Bill.ORGANISATION, name, users, from, to, calls);
    }

    private record LineKey(String user, String virtualPort, String operation, String fee, BigDecimal unitPrice) {
    }

    private static final Comparator<LineKey> LINE_ORDER = Comparator.comparing(LineKey::user)
            .thenComparing(LineKey::virtualPort).thenComparing(LineKey::operation).thenComparing(LineKey::fee)
            .thenComparing(LineKey::unitPrice);

    private Bill bill(String subject, String name, Set<String> users, Instant from, Instant to, Stream<Metering.Record> calls) {
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("the period must end after it starts, but was " + from + " to " + to);
        }
        Map<LineKey, long[]> counts = new TreeMap<>(LINE_ORDER);
        calls.filter(c -> users.contains(c.user()) && Metering.answeredByProvider(c.outcome())
                && !c.time().isBefore(from) && c.time().isBefore(to))
                .forEach(c -> counts.computeIfAbsent(key(c), k -> new long[1])[0] += c.calls());
        List<BillLine> lines = new ArrayList<>();
        BigDecimal subtotal = BigDecimal.ZERO;
        long total = 0;
        for (Map.Entry<LineKey, long[]> e : counts.entrySet()) {
            LineKey k = e.getKey();
            long n = e.getValue()[0];
            BigDecimal amount = k.unitPrice().multiply(BigDecimal.valueOf(n));
            lines.add(new BillLine(k.user(), k.virtualPort(), k.operation(), k.fee(), k.unitPrice(), n, amount));
            subtotal = subtotal.add(amount);
            total += n;
        }
        return new Bill(subject, name, from, to, fees.currency().getCurrencyCode(), lines, total, subtotal,
                fees.roundTotal(subtotal));
    }

    private LineKey key(Metering.Record call) {
        return fees.feeOf(call)
                .map(fee -> new LineKey(call.user(), call.virtualPort(), call.operation(), fee.label(), fee.perCall()))
                .orElseGet(() -> new LineKey(call.user(), call.virtualPort(), call.operation(), NO_FEE, BigDecimal.ZERO));
    }
}
