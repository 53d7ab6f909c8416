package org.servicedomain.node.billing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.policy.TestPolicies.compile;
import static org.servicedomain.node.policy.TestPolicies.refusal;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.engine.monitor.Metering;

/**
 * The fees of a policy, compiled once into a schedule: the most specific fee that matches a call
 * prices it (operation, then user level or package, then the answering instance's supplier level,
 * then port, then window), ties go to the first in the document, and what cannot be billed is refused
 * with its line.
 */
class FeeScheduleTest {

    /** Wednesday 2 December 2026, 10:00 in Paris (UTC+1): in the peak window. */
    static final Instant PEAK = Instant.parse("2026-12-02T09:00:00Z");
    /** The same day, 18:00 in Paris: after the peak window. */
    static final Instant OFF_PEAK = Instant.parse("2026-12-02T17:00:00Z");

    static final String POLICY = """
            <policy xmlns="urn:sd:policy:1">
              <settings timeZone="Europe/Paris"/>
              <serviceLevels>
                <userLevel name="gold"/>
                <userLevel name="basic"/>
                <supplierLevel name="platinum"/>
                <supplierLevel name="bronze"/>
              </serviceLevels>
              <timeWindow name="peak">
                <period days="MON TUE WED THU FRI" from="09:00:00" to="17:00:00"/>
              </timeWindow>
              <package name="premium" userLevels="gold basic">
                <grant virtualPort="BlastPortType"/>
                <grant virtualPort="StockQuotePortType"/>
              </package>
              <fees currency="EUR">
                <fee perCall="0.010"/>
                <fee virtualPort="BlastPortType" perCall="0.02"/>
                <fee userLevel="gold" perCall="0.005"/>
                <fee virtualPort="BlastPortType" operation="runBlue" perCall="0.05"/>
                <fee virtualPort="BlastPortType" operation="runBlue" userLevel="gold" perCall="0.04"/>
                <fee virtualPort="BlastPortType" operation="run" window="peak" perCall="0.03"/>
                <fee supplierLevel="platinum" perCall="0.015"/>
                <fee virtualPort="BlastPortType" supplierLevel="bronze" perCall="0.012"/>
                <fee userLevel="gold" supplierLevel="platinum" perCall="0.008"/>
                <organisation name="acme">
                  <member user="bea"/>
                  <member user="gus"/>
                </organisation>
              </fees>
            </policy>
            """;

    private final FeeSchedule fees = compile(POLICY).fees();

    @Test
    void anOperationAndLevelFeeBeatsTheOperationFee() {
        assertThat(price("gold", "BlastPortType", "runBlue", OFF_PEAK)).isEqualByComparingTo("0.04");
        assertThat(price("basic", "BlastPortType", "runBlue", OFF_PEAK)).isEqualByComparingTo("0.05");
    }

    @Test
    void aLevelFeeBeatsAPortFeeWhichBeatsTheDefault() {
        assertThat(price("gold", "BlastPortType", "run", OFF_PEAK)).isEqualByComparingTo("0.005");
        assertThat(price("basic", "BlastPortType", "run", OFF_PEAK)).isEqualByComparingTo("0.02");
        assertThat(price("basic", "StockQuotePortType", "getQuote", OFF_PEAK)).isEqualByComparingTo("0.010");
        assertThat(price(null, "StockQuotePortType", "getQuote", OFF_PEAK)).isEqualByComparingTo("0.010");
    }

    @Test
    void aSupplierLevelFeePricesTheCallsAnInstanceOfThatLevelAnswered() {
        assertThat(price("basic", "StockQuotePortType", "getQuote", OFF_PEAK, "platinum")).isEqualByComparingTo("0.015");
        assertThat(price("basic", "StockQuotePortType", "getQuote", OFF_PEAK, "bronze")).isEqualByComparingTo("0.010");
        assertThat(price("basic", "BlastPortType", "run", OFF_PEAK, "bronze")).isEqualByComparingTo("0.012");
        // an instance of no level, or a record written before records held levels: no supplier-level fee
        assertThat(price("basic", "BlastPortType", "run", OFF_PEAK)).isEqualByComparingTo("0.02");
        assertThat(fees.feeOf(call("user-basic", "basic", "BlastPortType", "run", OFF_PEAK, "served", Set.of("bronze")))
                .orElseThrow().label()).isEqualTo("virtualPort=BlastPortType supplierLevel=bronze");
    }

    @Test
    void aSupplierLevelFeeBeatsAPortFeeButNotAUserLevelOrOperationFee() {
        assertThat(price("basic", "BlastPortType", "run", OFF_PEAK, "platinum")).isEqualByComparingTo("0.015");
        assertThat(price("gold", "StockQuotePortType", "getQuote", OFF_PEAK, "bronze")).isEqualByComparingTo("0.005");
        assertThat(price("basic", "BlastPortType", "runBlue", OFF_PEAK, "platinum")).isEqualByComparingTo("0.05");
        assertThat(price("basic", "BlastPortType", "run", PEAK, "bronze")).isEqualByComparingTo("0.03");
    }

    @Test
    void aFeeNamingAUserLevelAndASupplierLevelBeatsAFeeNamingEither() {
        assertThat(price("gold", "StockQuotePortType", "getQuote", OFF_PEAK, "platinum")).isEqualByComparingTo("0.008");
        assertThat(price("gold", "BlastPortType", "run", OFF_PEAK, "bronze", "platinum")).isEqualByComparingTo("0.008");
    }

    @Test
    void anInstanceOfTwoLevelsIsPricedByTheFirstOfTheirEquallySpecificFees() {
        FeeSchedule twoLevels = compile(POLICY.replace("""
                <fee supplierLevel="platinum" perCall="0.015"/>""", """
                <fee supplierLevel="bronze" perCall="0.011"/>
                    <fee supplierLevel="platinum" perCall="0.015"/>""")).fees();

        assertThat(twoLevels.feeOf(call("user-basic", "basic", "StockQuotePortType", "getQuote", OFF_PEAK, "served",
                Set.of("platinum", "bronze"))).orElseThrow().perCall()).isEqualByComparingTo("0.011");
    }

    @Test
    void aFeeInATimeWindowPricesOnlyTheCallsMadeInItInThePolicysTimeZone() {
        assertThat(price("basic", "BlastPortType", "run", PEAK)).isEqualByComparingTo("0.03");
        assertThat(price("gold", "BlastPortType", "run", PEAK)).isEqualByComparingTo("0.03");
        // 08:30 UTC is 09:30 in Paris: already peak there
        assertThat(price("basic", "BlastPortType", "run", Instant.parse("2026-12-02T08:30:00Z"))).isEqualByComparingTo("0.03");
        // Saturday 5 December, 10:00 in Paris: the window holds on weekdays only
        assertThat(price("basic", "BlastPortType", "run", Instant.parse("2026-12-05T09:00:00Z"))).isEqualByComparingTo("0.02");
    }

    @Test
    void theSameFeeWithAWindowBeatsItWithout() {
        FeeSchedule windowed = compile(POLICY.replace("""
                <fee virtualPort="BlastPortType" perCall="0.02"/>""", """
                <fee virtualPort="BlastPortType" perCall="0.02"/>
                    <fee virtualPort="BlastPortType" window="peak" perCall="0.025"/>""")).fees();

        assertThat(windowed.feeOf(call("basic", "BlastPortType", "runGreen", PEAK)).orElseThrow().perCall())
                .isEqualByComparingTo("0.025");
        assertThat(windowed.feeOf(call("basic", "BlastPortType", "runGreen", OFF_PEAK)).orElseThrow().perCall())
                .isEqualByComparingTo("0.02");
    }

    @Test
    void ofTwoEquallySpecificFeesThatMatchTheFirstInTheDocumentWins() {
        FeeSchedule tied = compile(POLICY.replace("""
                <fee userLevel="gold" perCall="0.005"/>""", """
                <fee package="premium" perCall="0.007"/>
                    <fee userLevel="gold" perCall="0.005"/>""")).fees();

        assertThat(tied.feeOf(call("gold", "StockQuotePortType", "getQuote", OFF_PEAK)).orElseThrow().perCall())
                .isEqualByComparingTo("0.007");
    }

    @Test
    void aPackageFeeMatchesTheUserLevelsOfThePackage() {
        FeeSchedule byPackage = compile(POLICY.replace("""
                <fee userLevel="gold" perCall="0.005"/>""", """
                <fee package="premium" perCall="0.007"/>""")).fees();

        assertThat(byPackage.feeOf(call("basic", "StockQuotePortType", "getQuote", OFF_PEAK)).orElseThrow().label())
                .isEqualTo("package=premium");
        assertThat(byPackage.feeOf(call(null, "StockQuotePortType", "getQuote", OFF_PEAK)).orElseThrow().label())
                .isEqualTo("default");
    }

    @Test
    void aCallNoFeeMatchesHasNoFee() {
        FeeSchedule noDefault = compile(POLICY.replace("<fee perCall=\"0.010\"/>", "")).fees();

        assertThat(noDefault.feeOf(call("basic", "StockQuotePortType", "getQuote", OFF_PEAK))).isEmpty();
    }

    @Test
    void theScheduleKnowsItsCurrencyAndOrganisations() {
        assertThat(fees.isSet()).isTrue();
        assertThat(fees.currency().getCurrencyCode()).isEqualTo("EUR");
        assertThat(fees.members("acme")).contains(java.util.Set.of("bea", "gus"));
        assertThat(fees.members("globex")).isEmpty();
        assertThat(fees.fees()).extracting(FeeRule::label).startsWith(
                "virtualPort=BlastPortType operation=runBlue userLevel=gold",
                "virtualPort=BlastPortType operation=run window=peak",
                "virtualPort=BlastPortType operation=runBlue");
    }

    @Test
    void aPolicyWithoutFeesHasNoSchedule() {
        assertThat(compile("<policy xmlns=\"urn:sd:policy:1\"/>").fees()).isSameAs(FeeSchedule.NONE);
        assertThat(FeeSchedule.NONE.isSet()).isFalse();
    }

    @Test
    void feesThatCannotBeBilledAreRefusedWithTheirReason() {
        assertThat(refusal(POLICY.replace("currency=\"EUR\"", "currency=\"ABC\"")).getMessage())
                .contains("unknown currency 'ABC'");
        assertThat(refusal(POLICY.replace("currency=\"EUR\"", "currency=\"XXX\"")).getMessage())
                .contains("no minor unit");
        assertThat(refusal(POLICY.replace("<fee perCall=\"0.010\"/>", "<fee operation=\"run\" perCall=\"1\"/>")).getMessage())
                .contains("must name its virtualPort");
        assertThat(refusal(POLICY.replace("<fee perCall=\"0.010\"/>", "<fee userLevel=\"gold\" package=\"premium\" perCall=\"1\"/>"))
                .getMessage()).contains("not both");
        assertThat(refusal(POLICY.replace("<fee perCall=\"0.010\"/>", "<fee userLevel=\"silver\" perCall=\"1\"/>")).getMessage())
                .contains("unknown user level 'silver'");
        assertThat(refusal(POLICY.replace("<fee perCall=\"0.010\"/>", "<fee package=\"basic\" perCall=\"1\"/>")).getMessage())
                .contains("unknown package 'basic'");
        assertThat(refusal(POLICY.replace("<fee perCall=\"0.010\"/>", "<fee window=\"night\" perCall=\"1\"/>")).getMessage())
                .contains("unknown time window 'night'");
        assertThat(refusal(POLICY.replace("<fee perCall=\"0.010\"/>", "<fee perCall=\"-0.01\"/>")).getMessage())
                .contains("-0.01");
        assertThat(refusal(POLICY.replace("<fee perCall=\"0.010\"/>", "<fee perCall=\"0.010\"/><fee perCall=\"0.02\"/>")).getMessage())
                .contains("matches the same calls as the fee at line");
        assertThat(refusal(POLICY.replace("</fees>", "<organisation name=\"acme\"><member user=\"joe\"/></organisation></fees>"))
                .getMessage()).contains("organisation 'acme' is declared twice");
    }

    @Test
    void anUndeclaredSupplierLevelOrTwoFeesOfTheSameSupplierLevelAreRefused() {
        assertThat(refusal(POLICY.replace("<fee perCall=\"0.010\"/>", "<fee supplierLevel=\"silver\" perCall=\"1\"/>"))
                .getMessage()).contains("unknown supplier level 'silver'").contains("platinum");
        assertThat(refusal(POLICY.replace("<fee perCall=\"0.010\"/>", "<fee supplierLevel=\"gold\" perCall=\"1\"/>"))
                .getMessage()).as("a user level is not a supplier level").contains("unknown supplier level 'gold'");
        assertThat(refusal(POLICY.replace("<fee perCall=\"0.010\"/>", "<fee supplierLevel=\"platinum\" perCall=\"1\"/>"))
                .getMessage()).contains("matches the same calls as the fee at line").contains("supplierLevel=platinum");
        assertThat(refusal(POLICY.replace("<fee perCall=\"0.010\"/>", "<fee supplierLevel=\"two words\" perCall=\"1\"/>"))
                .getMessage()).contains("two words");
    }

    /** The price of a call answered by an instance of {@code supplierLevels}. */
    private BigDecimal price(String userLevel, String port, String operation, Instant time, String... supplierLevels) {
        return fees.feeOf(call("user-" + userLevel, userLevel, port, operation, time, "served", Set.of(supplierLevels)))
                .orElseThrow().perCall();
    }

    /** A call answered by a provider, as metered. */
    static Metering.Record call(String userLevel, String port, String operation, Instant time) {
        return call("user-" + userLevel, userLevel, port, operation, time, "served");
    }

    static Metering.Record call(String user, String userLevel, String port, String operation, Instant time, String outcome) {
        return call(user, userLevel, port, operation, time, outcome, Set.of());
    }

    /** A call answered by an instance that belonged to {@code supplierLevels} at the time. */
    static Metering.Record call(String user, String userLevel, String port, String operation, Instant time, String outcome,
            Set<String> supplierLevels) {
        return new Metering.Record(time, user, userLevel, port, operation, "instance-1", outcome, 1_000, 200, 300, supplierLevels);
    }
}
