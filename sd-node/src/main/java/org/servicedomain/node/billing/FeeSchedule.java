package org.servicedomain.node.billing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Currency;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.servicedomain.node.engine.monitor.Metering;

/**
 * The policy's fees, compiled once when the policy is set: which fee prices a call (the most
 * specific that matches, see {@link FeeRule#rank()}), in which currency, and who belongs to which
 * organisation. Immutable; {@link #NONE} when the policy sets no fees.
 */
public final class FeeSchedule {

    /** The schedule of a policy without fees: it prices nothing and cannot make a bill. */
    public static final FeeSchedule NONE = new FeeSchedule();

    private final Currency currency;
    private final List<FeeRule> byRank;
    private final Map<String, Set<String>> organisations;
    private final ZoneId timeZone;

    private FeeSchedule() {
        this.currency = null;
        this.byRank = List.of();
        this.organisations = Map.of();
        this.timeZone = ZoneId.of("UTC");
    }

    /**
     * A schedule of {@code fees} priced in {@code currency}, whose windows are read in {@code timeZone};
     * {@code organisations} maps each organisation to its users.
     */
    public FeeSchedule(Currency currency, List<FeeRule> fees, Map<String, Set<String>> organisations, ZoneId timeZone) {
        if (currency.getDefaultFractionDigits() < 0) {
            throw new IllegalArgumentException("currency " + currency.getCurrencyCode() + " has no minor unit to round a total to");
        }
        this.currency = currency;
        List<FeeRule> sorted = new ArrayList<>(fees);
        sorted.sort(Comparator.comparingInt(FeeRule::rank).reversed().thenComparingInt(FeeRule::order));
        this.byRank = List.copyOf(sorted);
        this.organisations = Map.copyOf(organisations);
        this.timeZone = timeZone;
    }

    /** Whether the policy sets fees at all. */
    public boolean isSet() {
        return currency != null;
    }

    /** The currency of every price and bill; null when {@link #isSet()} is false. */
    public Currency currency() {
        return currency;
    }

    /** The fees, most specific first, in document order at equal rank. */
    public List<FeeRule> fees() {
        return byRank;
    }

    /** The fee that prices {@code call}: the most specific that matches, the first of them in the document; empty when none does. */
    public Optional<FeeRule> feeOf(Metering.Record call) {
        ZonedDateTime local = call.time().atZone(timeZone);
        for (FeeRule fee : byRank) {
            if (fee.matches(call, local)) {
                return Optional.of(fee);
            }
        }
        return Optional.empty();
    }

    /** The users of organisation {@code name}; empty when the policy names no such organisation. */
    public Optional<Set<String>> members(String name) {
        return Optional.ofNullable(organisations.get(name));
    }

    /** The organisations the policy names. */
    public Set<String> organisations() {
        return organisations.keySet();
    }

    /** {@code amount} rounded as a bill's total is: half-even to the currency's minor unit (2 places for EUR, 0 for JPY). */
    public BigDecimal roundTotal(BigDecimal amount) {
        return amount.setScale(currency.getDefaultFractionDigits(), RoundingMode.HALF_EVEN);
    }
}
