package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.policy.TestPolicies.compile;

import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TimeWindowTest {

    private static final TimeWindow MORNINGS = window(new TimeWindow.Period(Set.of(DayOfWeek.MONDAY), LocalTime.of(8, 0), LocalTime.of(12, 0)));

    @Test
    void aPeriodIncludesItsStartAndExcludesItsEnd() {
        assertThat(MORNINGS.contains(at("2026-01-05T08:00"))).as("Monday 08:00").isTrue();
        assertThat(MORNINGS.contains(at("2026-01-05T11:59:59"))).isTrue();
        assertThat(MORNINGS.contains(at("2026-01-05T12:00"))).isFalse();
        assertThat(MORNINGS.contains(at("2026-01-05T07:59:59"))).isFalse();
    }

    @Test
    void aPeriodHoldsOnlyOnItsDays() {
        assertThat(MORNINGS.contains(at("2026-01-06T09:00"))).as("Tuesday").isFalse();
    }

    @Test
    void aPeriodEndingBeforeItStartsSpansMidnightFromItsOwnDays() {
        TimeWindow night = window(new TimeWindow.Period(Set.of(DayOfWeek.SUNDAY), LocalTime.of(22, 0), LocalTime.of(2, 0)));

        assertThat(night.contains(at("2026-01-04T23:30"))).as("Sunday late").isTrue();
        assertThat(night.contains(at("2026-01-05T01:59"))).as("Monday early, after Sunday").isTrue();
        assertThat(night.contains(at("2026-01-05T02:00"))).isFalse();
        assertThat(night.contains(at("2026-01-04T01:00"))).as("Sunday early, after Saturday").isFalse();
    }

    @Test
    void aWindowHoldsWhenAnyOfItsPeriodsDoes() {
        TimeWindow split = window(
                new TimeWindow.Period(Set.of(DayOfWeek.values()), LocalTime.of(8, 0), LocalTime.of(9, 0)),
                new TimeWindow.Period(Set.of(DayOfWeek.values()), LocalTime.of(18, 0), LocalTime.of(19, 0)));

        assertThat(split.contains(at("2026-01-05T08:30"))).isTrue();
        assertThat(split.contains(at("2026-01-05T18:30"))).isTrue();
        assertThat(split.contains(at("2026-01-05T12:00"))).isFalse();
    }

    @Test
    void allDayHoldsAtEveryMomentOfEveryDay() {
        assertThat(TimeWindow.ALL_DAY.contains(at("2026-01-10T00:00"))).isTrue();
        assertThat(TimeWindow.ALL_DAY.contains(at("2026-01-11T23:59:59.999999999"))).isTrue();
    }

    @Test
    void aPolicyPeriodEndingAt24HoldsUntilMidnightOnItsDaysAndAPeriodWithoutDaysHoldsEveryDay() {
        PortPolicy port = compile("""
                <policy xmlns="urn:sd:policy:1">
                  <timeWindow name="evenings"><period days="MON" from="17:00:00" to="24:00:00"/></timeWindow>
                  <timeWindow name="lunch"><period from="12:00:00" to="13:00:00"/></timeWindow>
                  <virtualPort name="P">
                    <rule window="evenings" directive="first-available"/>
                    <rule window="lunch" directive="random"/>
                    <selection directive="round-robin"/>
                  </virtualPort>
                </policy>
                """).forPort("P");

        assertThat(directiveAt(port, "2026-01-05T23:59")).as("Monday night").isEqualTo("first-available");
        assertThat(directiveAt(port, "2026-01-06T00:30")).as("Tuesday after midnight").isEqualTo("round-robin");
        assertThat(directiveAt(port, "2026-01-10T12:30")).as("Saturday lunch").isEqualTo("random");
    }

    private static String directiveAt(PortPolicy port, String localDateTime) {
        return port.decide(TestPolicies.call("op", TestPolicies.user("any")), at(localDateTime), null).directive();
    }

    private static TimeWindow window(TimeWindow.Period... periods) {
        return new TimeWindow("test", List.of(periods));
    }

    private static ZonedDateTime at(String localDateTime) {
        return LocalDateTime.parse(localDateTime).atZone(ZoneOffset.UTC);
    }
}
