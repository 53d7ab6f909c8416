package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.policy.TestPolicies.call;
import static org.servicedomain.node.policy.TestPolicies.compile;
import static org.servicedomain.node.policy.TestPolicies.user;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.RequestContext;

/** How a port's compiled rules decide which supplier levels and directive serve a request. */
class PortPolicyTest {

    private static final ZoneId ZONE = ZoneId.of("Europe/Paris");
    /** A Wednesday, at noon. */
    private static final ZonedDateTime WEDNESDAY_NOON = at("2026-01-07T12:00");

    @Test
    void theFirstMatchingRuleInDocumentOrderDecides() {
        PortPolicy port = port("""
                <rule userLevel="platinum" supplierLevel="Blue" directive="first-available"/>
                <rule supplierLevel="Green" directive="random"/>
                <rule userLevel="platinum" supplierLevel="Red" directive="round-robin"/>
                """);

        Decision platinum = port.decide(call("run", user("platinum")), WEDNESDAY_NOON, null);
        Decision trial = port.decide(call("run", user("trial")), WEDNESDAY_NOON, null);

        assertThat(platinum.supplierLevels()).containsExactly("Blue");
        assertThat(platinum.directive()).isEqualTo("first-available");
        assertThat(trial.supplierLevels()).containsExactly("Green");
        assertThat(trial.directive()).isEqualTo("random");
    }

    @Test
    void aRuleForOneOperationDoesNotApplyToAnother() {
        PortPolicy port = port("""
                <rule operation="runBlue" supplierLevel="Blue" directive="round-robin"/>
                <rule operation="runGreen" supplierLevel="Green" directive="round-robin"/>
                <rule supplierLevel="Red" directive="round-robin"/>
                """);

        assertThat(levels(port, call("runGreen", user("trial")))).containsExactly("Green");
        assertThat(levels(port, call("runBlue", user("trial")))).containsExactly("Blue");
        assertThat(levels(port, call("runOther", user("trial")))).as("only the rule for any operation").containsExactly("Red");
    }

    @Test
    void aRuleWithoutOperationKeepsItsPlaceAmongTheRulesOfEveryOperation() {
        PortPolicy port = port("""
                <rule userLevel="platinum" supplierLevel="Red" directive="round-robin"/>
                <rule operation="runBlue" supplierLevel="Blue" directive="round-robin"/>
                """);

        assertThat(levels(port, call("runBlue", user("platinum")))).containsExactly("Red");
        assertThat(levels(port, call("runBlue", user("trial")))).containsExactly("Blue");
        assertThat(levels(port, call("runGreen", user("trial")))).as("no rule: any level").isNull();
    }

    @Test
    void anAnonymousCallerMatchesNoRuleThatNamesAUserLevel() {
        PortPolicy port = port("""
                <rule userLevel="platinum" supplierLevel="Blue" directive="round-robin"/>
                <rule supplierLevel="Green" directive="round-robin"/>
                """);

        assertThat(levels(port, call("run", Caller.ANONYMOUS))).containsExactly("Green");
    }

    @Test
    void aContentConditionComparesTheValueReadFromTheMessage() {
        PortPolicy port = port("""
                <rule supplierLevel="Blue" directive="round-robin"><content name="database" select="b:database" equals="database1"/></rule>
                <rule supplierLevel="Green" directive="round-robin"><content name="database" select="b:database" oneOf="database2 database3"/></rule>
                <rule supplierLevel="Red" directive="round-robin"><content name="database" select="b:database" matches="db-[0-9]+"/></rule>
                """);

        assertThat(levels(port, withDatabase("database1"))).containsExactly("Blue");
        assertThat(levels(port, withDatabase("database3"))).containsExactly("Green");
        assertThat(levels(port, withDatabase("db-42"))).containsExactly("Red");
        assertThat(levels(port, withDatabase("db-42x"))).as("matches the whole value").isNull();
        assertThat(levels(port, call("run", user("trial")))).as("no value read").isNull();
    }

    @Test
    void aRuleWithSeveralContentConditionsNeedsThemAll() {
        PortPolicy port = port("""
                <rule supplierLevel="Blue" directive="round-robin">
                  <content name="database" select="b:database" equals="database1"/>
                  <content name="priority" select="b:priority" equals="high"/>
                </rule>
                """);
        RequestContext request = call("run", user("trial"));

        assertThat(levels(port, request.withContentValues(Map.of("database", "database1", "priority", "high")))).containsExactly("Blue");
        assertThat(levels(port, request.withContentValues(Map.of("database", "database1", "priority", "low")))).isNull();
        assertThat(levels(port, request.withContentValues(Map.of("database", "database1")))).isNull();
    }

    @Test
    void aBusinessHoursRuleHoldsFromItsStartUntilJustBeforeItsEndOnItsDays() {
        PortPolicy port = windowed();

        assertThat(levels(port, at("2026-01-07T09:00"))).as("Wednesday at opening").containsExactly("Blue");
        assertThat(levels(port, at("2026-01-07T16:59"))).as("Wednesday before closing").containsExactly("Blue");
        assertThat(levels(port, at("2026-01-07T08:59"))).as("Wednesday before opening").containsExactly("Green");
        assertThat(levels(port, at("2026-01-07T17:00"))).as("Wednesday at closing").containsExactly("Green");
        assertThat(levels(port, at("2026-01-10T12:00"))).as("Saturday").containsExactly("Green");
    }

    @Test
    void aWindowAcrossMidnightHoldsUntilItsEndOnTheNextDay() {
        PortPolicy port = windowed();

        assertThat(levels(port, at("2026-01-09T23:00"))).as("Friday night").containsExactly("Red");
        assertThat(levels(port, at("2026-01-10T03:00"))).as("early Saturday").containsExactly("Red");
        assertThat(levels(port, at("2026-01-10T06:00"))).as("Saturday at six").containsExactly("Green");
        assertThat(levels(port, at("2026-01-09T03:00"))).as("early Friday belongs to Thursday night").containsExactly("Green");
    }

    @Test
    void aPeriodEndingAt24HoldsUntilMidnight() {
        PortPolicy port = port("""
                <rule window="weekend" supplierLevel="Red" directive="round-robin"/>
                <rule window="AllDay" supplierLevel="Green" directive="round-robin"/>
                """);

        assertThat(levels(port, at("2026-01-11T23:59"))).as("Sunday late").containsExactly("Red");
        assertThat(levels(port, at("2026-01-11T00:00"))).as("Sunday at midnight").containsExactly("Red");
        assertThat(levels(port, at("2026-01-12T00:00"))).as("Monday at midnight").containsExactly("Green");
    }

    @Test
    void fallsBackToThePortsOwnDirectiveWhenNoRuleMatches() {
        PortPolicy port = port("""
                <rule operation="runBlue" supplierLevel="Blue" directive="round-robin"/>
                <selection directive="first-available"/>
                """);

        Decision decision = port.decide(call("runGreen", user("trial")), WEDNESDAY_NOON, null);

        assertThat(decision.directive()).isEqualTo("first-available");
        assertThat(decision.selector()).isSameAs(port.selector());
        assertThat(decision.supplierLevels()).isNull();
        assertThat(decision.rule()).isNull();
    }

    @Test
    void theCallersServiceMapNarrowsTheLevelsEitherWay() {
        PortPolicy port = port("""
                <rule operation="runBlue" supplierLevel="Blue Green" directive="round-robin"/>
                <rule operation="runAny" directive="round-robin"/>
                """);
        RequestContext runBlue = call("runBlue", user("trial"));

        assertThat(port.decide(runBlue, WEDNESDAY_NOON, Set.of("Green", "Red")).supplierLevels()).containsExactly("Green");
        assertThat(port.decide(runBlue, WEDNESDAY_NOON, Set.of("Red")).supplierLevels()).as("disjoint: none").isEmpty();
        assertThat(port.decide(runBlue, WEDNESDAY_NOON, null).supplierLevels()).containsExactlyInAnyOrder("Blue", "Green");
        assertThat(port.decide(call("runAny", user("trial")), WEDNESDAY_NOON, Set.of("Red")).supplierLevels()).containsExactly("Red");
        assertThat(port.decide(call("runOther", user("trial")), WEDNESDAY_NOON, Set.of("Red")).supplierLevels()).containsExactly("Red");
    }

    @Test
    void listsOnlyTheContentTheRulesOfAnOperationNeed() {
        PortPolicy port = port("""
                <rule operation="run" supplierLevel="Blue" directive="round-robin"><content name="database" select="b:database" equals="database1"/></rule>
                <rule operation="run" supplierLevel="Green" directive="round-robin"><content name="database" select="b:database" equals="database2"/></rule>
                <rule operation="status" supplierLevel="Red" directive="round-robin"/>
                """);

        assertThat(port.contentConditionsFor("run")).isNotEmpty().extracting(ContentCondition::name).containsOnly("database");
        assertThat(port.contentConditionsFor("status")).as("the payload need not be read").isEmpty();
        assertThat(port.contentConditionsFor("other")).isEmpty();
    }

    @Test
    void aContentRuleWithoutOperationIsReadForEveryOperation() {
        PortPolicy port = port("""
                <rule operation="status" supplierLevel="Red" directive="round-robin"/>
                <rule supplierLevel="Blue" directive="round-robin"><content name="priority" select="b:priority" equals="high"/></rule>
                """);

        assertThat(port.contentConditionsFor("status")).extracting(ContentCondition::name).containsExactly("priority");
        assertThat(port.contentConditionsFor("other")).extracting(ContentCondition::name).containsExactly("priority");
    }

    private static Set<String> levels(PortPolicy port, RequestContext request) {
        return port.decide(request, WEDNESDAY_NOON, null).supplierLevels();
    }

    private static Set<String> levels(PortPolicy port, ZonedDateTime now) {
        return port.decide(call("run", user("trial")), now, null).supplierLevels();
    }

    private static RequestContext withDatabase(String database) {
        return call("run", user("trial")).withContentValues(Map.of("database", database));
    }

    private static ZonedDateTime at(String localDateTime) {
        return LocalDateTime.parse(localDateTime).atZone(ZONE);
    }

    /** Red on Friday nights, Blue in business hours, Green otherwise. */
    private static PortPolicy windowed() {
        return port("""
                <rule window="fridayNight" supplierLevel="Red" directive="round-robin"/>
                <rule window="businessHours" supplierLevel="Blue" directive="round-robin"/>
                <rule window="AllDay" supplierLevel="Green" directive="round-robin"/>
                """);
    }

    /** The BlastPortType policy with {@code rules}, in a document declaring the levels, windows and prefix they use. */
    private static PortPolicy port(String rules) {
        return compile("""
                <policy xmlns="urn:sd:policy:1">
                  <serviceLevels>
                    <userLevel name="platinum"/>
                    <userLevel name="trial"/>
                    <supplierLevel name="Blue"/>
                    <supplierLevel name="Green"/>
                    <supplierLevel name="Red"/>
                  </serviceLevels>
                  <timeWindow name="businessHours"><period days="MON TUE WED THU FRI" from="09:00:00" to="17:00:00"/></timeWindow>
                  <timeWindow name="fridayNight"><period days="FRI" from="22:00:00" to="06:00:00"/></timeWindow>
                  <timeWindow name="weekend"><period days="SAT SUN" from="00:00:00" to="24:00:00"/></timeWindow>
                  <namespace prefix="b" uri="urn:sd:samples:blast"/>
                  <virtualPort name="BlastPortType">
                %s
                  </virtualPort>
                </policy>
                """.formatted(rules)).forPort("BlastPortType");
    }
}
