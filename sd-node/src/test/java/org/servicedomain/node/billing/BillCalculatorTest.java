package org.servicedomain.node.billing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.servicedomain.node.billing.FeeScheduleTest.OFF_PEAK;
import static org.servicedomain.node.billing.FeeScheduleTest.PEAK;
import static org.servicedomain.node.billing.FeeScheduleTest.POLICY;
import static org.servicedomain.node.billing.FeeScheduleTest.call;
import static org.servicedomain.node.policy.TestPolicies.compile;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.engine.monitor.Metering;

/**
 * Bills against amounts worked out by hand from the fees of {@link FeeScheduleTest#POLICY}
 * (default 0.010, BlastPortType 0.02, gold 0.005, runBlue 0.05, runBlue for gold 0.04, run at peak
 * 0.03, answered by a platinum instance 0.015, BlastPortType answered by a bronze instance 0.012,
 * EUR): lines exact, the total rounded half-even to the cent, only answered calls of the period billed.
 */
class BillCalculatorTest {

    static final Instant FROM = Instant.parse("2026-12-01T00:00:00Z");
    static final Instant TO = Instant.parse("2026-12-08T00:00:00Z");

    private final BillCalculator calculator = new BillCalculator(compile(POLICY).fees());

    /** bea (gold): 13 answered calls in the period, and 4 calls that must not be billed. */
    static List<Metering.Record> beasCalls() {
        List<Metering.Record> calls = new ArrayList<>();
        calls.addAll(Collections.nCopies(3, call("bea", "gold", "BlastPortType", "runBlue", OFF_PEAK, "served")));
        calls.addAll(Collections.nCopies(5, call("bea", "gold", "BlastPortType", "run", OFF_PEAK, "served")));
        calls.add(call("bea", "gold", "BlastPortType", "run", OFF_PEAK, "provider_fault"));
        calls.addAll(Collections.nCopies(2, call("bea", "gold", "BlastPortType", "run", PEAK, "served")));
        calls.add(call("bea", "gold", "StockQuotePortType", "getQuote", OFF_PEAK, "served"));
        calls.add(call("bea", "gold", "StockQuotePortType", "getQuote", FROM, "served"));
        // not billed: refused by the node, before the period, at its (exclusive) end
        calls.add(call("bea", "gold", "BlastPortType", "run", OFF_PEAK, "NoInstanceAvailable"));
        calls.add(call("bea", "gold", "BlastPortType", "run", OFF_PEAK, "Timeout"));
        calls.add(call("bea", "gold", "BlastPortType", "runBlue", Instant.parse("2026-11-30T12:00:00Z"), "served"));
        calls.add(call("bea", "gold", "BlastPortType", "runBlue", TO, "served"));
        return calls;
    }

    /** gus (basic): 5 answered calls; and calls of others. */
    static List<Metering.Record> othersCalls() {
        List<Metering.Record> calls = new ArrayList<>();
        calls.addAll(Collections.nCopies(4, call("gus", "basic", "BlastPortType", "run", OFF_PEAK, "served")));
        calls.add(call("gus", "basic", "BlastPortType", "runGreen", PEAK, "served"));
        calls.add(call("joe", "basic", "BlastPortType", "run", OFF_PEAK, "served"));
        calls.add(call("(anonymous)", null, "StockQuotePortType", "getQuote", OFF_PEAK, "served"));
        return calls;
    }

    static List<Metering.Record> allCalls() {
        List<Metering.Record> calls = new ArrayList<>(beasCalls());
        calls.addAll(othersCalls());
        return calls;
    }

    @Test
    void aUsersBillHasOneExactLinePerOperationAndFeeAndATotalRoundedToTheCent() {
        Bill bill = calculator.ofUser("bea", FROM, TO, allCalls().stream());

        // by hand: run 6 x 0.005 = 0.030 (one of them a provider's own fault), run at peak 2 x 0.03 = 0.06,
        // runBlue 3 x 0.04 = 0.12, getQuote 2 x 0.005 = 0.010 (one at the period's first instant)
        assertThat(bill.lines()).containsExactly(
                new BillLine("bea", "BlastPortType", "run", "userLevel=gold", new BigDecimal("0.005"), 6, new BigDecimal("0.030")),
                new BillLine("bea", "BlastPortType", "run", "virtualPort=BlastPortType operation=run window=peak",
                        new BigDecimal("0.03"), 2, new BigDecimal("0.06")),
                new BillLine("bea", "BlastPortType", "runBlue", "virtualPort=BlastPortType operation=runBlue userLevel=gold",
                        new BigDecimal("0.04"), 3, new BigDecimal("0.12")),
                new BillLine("bea", "StockQuotePortType", "getQuote", "userLevel=gold", new BigDecimal("0.005"), 2,
                        new BigDecimal("0.010")));
        assertThat(bill.calls()).isEqualTo(13);
        assertThat(bill.subtotal()).isEqualByComparingTo("0.220");
        assertThat(bill.total()).isEqualTo(new BigDecimal("0.22"));
        assertThat(bill.currency()).isEqualTo("EUR");
        assertThat(bill.subject()).isEqualTo(Bill.USER);
        assertThat(bill.from()).isEqualTo(FROM);
        assertThat(bill.to()).isEqualTo(TO);
    }

    @Test
    void aCallIsPricedByTheSupplierLevelItsInstanceHadSoLinesDifferByLevel() {
        List<Metering.Record> calls = new ArrayList<>();
        calls.addAll(Collections.nCopies(4, call("ivy", "basic", "BlastPortType", "run", OFF_PEAK, "served", Set.of("bronze"))));
        calls.addAll(Collections.nCopies(3, call("ivy", "basic", "BlastPortType", "run", OFF_PEAK, "served", Set.of("platinum"))));
        calls.addAll(Collections.nCopies(2, call("ivy", "basic", "BlastPortType", "run", OFF_PEAK, "served", Set.of())));
        calls.add(call("ivy", "basic", "StockQuotePortType", "getQuote", OFF_PEAK, "provider_fault", Set.of("platinum")));

        Bill bill = calculator.ofUser("ivy", FROM, TO, calls.stream());

        // by hand: run from platinum 3 x 0.015 = 0.045, from an instance of no level 2 x 0.02 (port) = 0.04,
        // from bronze 4 x 0.012 = 0.048; getQuote from platinum 1 x 0.015; 0.148 rounds half-even to 0.15
        assertThat(bill.lines()).containsExactly(
                new BillLine("ivy", "BlastPortType", "run", "supplierLevel=platinum", new BigDecimal("0.015"), 3,
                        new BigDecimal("0.045")),
                new BillLine("ivy", "BlastPortType", "run", "virtualPort=BlastPortType", new BigDecimal("0.02"), 2,
                        new BigDecimal("0.04")),
                new BillLine("ivy", "BlastPortType", "run", "virtualPort=BlastPortType supplierLevel=bronze",
                        new BigDecimal("0.012"), 4, new BigDecimal("0.048")),
                new BillLine("ivy", "StockQuotePortType", "getQuote", "supplierLevel=platinum", new BigDecimal("0.015"), 1,
                        new BigDecimal("0.015")));
        assertThat(bill.calls()).isEqualTo(10);
        assertThat(bill.subtotal()).isEqualByComparingTo("0.148");
        assertThat(bill.total()).isEqualTo(new BigDecimal("0.15"));
    }

    @Test
    void anOrganisationsBillHoldsTheCallsOfAllItsUsersOnly() {
        Bill bill = calculator.ofOrganisation("acme", FROM, TO, allCalls().stream());

        // by hand: bea 0.220 as above; gus run 4 x 0.02 = 0.08, runGreen at peak 1 x 0.02 (no peak fee for it) = 0.02
        assertThat(bill.lines()).extracting(BillLine::user).containsOnly("bea", "gus");
        assertThat(bill.lines()).filteredOn(l -> l.user().equals("gus")).containsExactly(
                new BillLine("gus", "BlastPortType", "run", "virtualPort=BlastPortType", new BigDecimal("0.02"), 4,
                        new BigDecimal("0.08")),
                new BillLine("gus", "BlastPortType", "runGreen", "virtualPort=BlastPortType", new BigDecimal("0.02"), 1,
                        new BigDecimal("0.02")));
        assertThat(bill.calls()).isEqualTo(18);
        assertThat(bill.subtotal()).isEqualByComparingTo("0.320");
        assertThat(bill.total()).isEqualTo(new BigDecimal("0.32"));
        assertThat(bill.subject()).isEqualTo(Bill.ORGANISATION);
        assertThat(bill.name()).isEqualTo("acme");
    }

    @Test
    void theTotalIsRoundedHalfEvenToTheCurrencysMinorUnitWhileLinesStayExact() {
        BillCalculator euro = new BillCalculator(compile(fees("EUR", "0.0125")).fees());
        BillCalculator yen = new BillCalculator(compile(fees("JPY", "2.5")).fees());

        // 10 x 0.0125 = 0.1250 -> 0.12 (half-even; half-up would give 0.13); 14 x 0.0125 = 0.1750 -> 0.18
        Bill ten = euro.ofUser("ann", FROM, TO, Collections.nCopies(10, call("ann", null, "P", "op", OFF_PEAK, "served")).stream());
        Bill fourteen = euro.ofUser("ann", FROM, TO, Collections.nCopies(14, call("ann", null, "P", "op", OFF_PEAK, "served")).stream());
        assertThat(ten.lines().get(0).amount()).isEqualTo(new BigDecimal("0.1250"));
        assertThat(ten.total()).isEqualTo(new BigDecimal("0.12"));
        assertThat(fourteen.total()).isEqualTo(new BigDecimal("0.18"));
        // the yen has no minor unit: 3 x 2.5 = 7.5 -> 8, 1 x 2.5 = 2.5 -> 2
        assertThat(yen.ofUser("ann", FROM, TO, Collections.nCopies(3, call("ann", null, "P", "op", OFF_PEAK, "served")).stream())
                .total()).isEqualTo(new BigDecimal("8"));
        assertThat(yen.ofUser("ann", FROM, TO, Collections.nCopies(1, call("ann", null, "P", "op", OFF_PEAK, "served")).stream())
                .total()).isEqualTo(new BigDecimal("2"));
    }

    @Test
    void aPeriodWithoutCallsBillsZeroInTheCurrencysMinorUnit() {
        Bill bill = calculator.ofUser("nobody", FROM, TO, allCalls().stream());

        assertThat(bill.lines()).isEmpty();
        assertThat(bill.calls()).isZero();
        assertThat(bill.total()).isEqualTo(new BigDecimal("0.00"));
    }

    @Test
    void callsNoFeeMatchesAreListedAsFree() {
        BillCalculator noDefault = new BillCalculator(compile(POLICY.replace("<fee perCall=\"0.010\"/>", "")).fees());

        Bill bill = noDefault.ofUser("joe", FROM, TO, List.of(call("joe", "basic", "StockQuotePortType", "getQuote", OFF_PEAK,
                "served")).stream());

        assertThat(bill.lines()).containsExactly(new BillLine("joe", "StockQuotePortType", "getQuote", BillCalculator.NO_FEE,
                BigDecimal.ZERO, 1, BigDecimal.ZERO));
        assertThat(bill.total()).isEqualTo(new BigDecimal("0.00"));
    }

    @Test
    void anUnknownOrganisationAnEmptyPeriodAndAPolicyWithoutFeesAreRefused() {
        assertThatThrownBy(() -> calculator.ofOrganisation("globex", FROM, TO, allCalls().stream()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown organisation 'globex'")
                .hasMessageContaining("acme");
        assertThatThrownBy(() -> calculator.ofUser("bea", TO, FROM, allCalls().stream()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must end after it starts");
        assertThatThrownBy(() -> new BillCalculator(FeeSchedule.NONE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sets no fees");
    }

    private static String fees(String currency, String perCall) {
        return "<policy xmlns=\"urn:sd:policy:1\"><fees currency=\"" + currency + "\"><fee perCall=\"" + perCall
                + "\"/></fees></policy>";
    }
}
