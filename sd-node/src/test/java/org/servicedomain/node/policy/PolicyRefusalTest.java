package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.policy.TestPolicies.compile;
import static org.servicedomain.node.policy.TestPolicies.refusal;

import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.FaultCode;

/** Schema-valid policies the compiler refuses, each at the line of the element at fault. */
class PolicyRefusalTest {

    /** The line {@link #withRule} puts its rule on; a rule's first content condition is on the next. */
    private static final int RULE_LINE = 9;

    @Test
    void refusesARuleNamingAnUndeclaredUserLevel() {
        InvalidPolicyException e = refusal(withRule("<rule userLevel=\"gold\" directive=\"round-robin\"/>"));

        assertThat(e.line()).isEqualTo(RULE_LINE);
        assertThat(e.code()).isEqualTo(FaultCode.InvalidPolicy);
        assertThat(e).hasMessageContaining("user level 'gold'").hasMessageContaining("platinum");
    }

    @Test
    void refusesARuleNamingAnUndeclaredSupplierLevel() {
        InvalidPolicyException e = refusal(withRule("<rule supplierLevel=\"UBC UPM\" directive=\"round-robin\"/>"));

        assertThat(e.line()).isEqualTo(RULE_LINE);
        assertThat(e).hasMessageContaining("supplier level 'UPM'");
    }

    @Test
    void refusesARuleNamingAnUndeclaredTimeWindow() {
        InvalidPolicyException e = refusal(withRule("<rule window=\"weekends\" directive=\"round-robin\"/>"));

        assertThat(e.line()).isEqualTo(RULE_LINE);
        assertThat(e).hasMessageContaining("time window 'weekends'");
    }

    @Test
    void refusesAContentConditionUsingAnUndeclaredNamespacePrefix() {
        InvalidPolicyException e = refusal(withContent("select=\"x:database\" equals=\"database1\""));

        assertThat(e.line()).isEqualTo(RULE_LINE + 1);
        assertThat(e).hasMessageContaining("prefix 'x'");
    }

    @Test
    void refusesAContentConditionWhoseMatchesIsNotARegularExpression() {
        InvalidPolicyException e = refusal(withContent("select=\"q:symbol\" matches=\"[A-Z\""));

        assertThat(e.line()).isEqualTo(RULE_LINE + 1);
        assertThat(e).hasMessageContaining("not a regular expression");
    }

    @Test
    void refusesAContentConditionThatComparesWithNothing() {
        InvalidPolicyException e = refusal(withContent("select=\"q:symbol\""));

        assertThat(e.line()).isEqualTo(RULE_LINE + 1);
        assertThat(e).hasMessageContaining("equals, oneOf or matches");
    }

    @Test
    void acceptsAOneOfListThatNamesAValueTwice() {
        CompiledPolicy policy = compile(withContent("name=\"symbol\" select=\"q:symbol\" oneOf=\"ACME ACME INITECH\""));

        ContentCondition condition = policy.forPort("StockQuotePortType").contentConditionsFor("GetQuote").get(0);
        assertThat(condition.oneOf()).containsExactlyInAnyOrder("ACME", "INITECH");
    }

    @Test
    void refusesACustomDirectiveWhoseClassIsNotOnTheClasspath() {
        InvalidPolicyException e = refusal(withRule("<rule directive=\"custom\" class=\"com.example.NoSuchSelector\"/>"));

        assertThat(e.line()).isEqualTo(RULE_LINE);
        assertThat(e).hasMessageContaining("com.example.NoSuchSelector").hasMessageContaining("classpath");
    }

    @Test
    void refusesAPolicyThatDeclaresTheBuiltInAllDayWindow() {
        InvalidPolicyException e = refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <timeWindow name="AllDay">
                    <period from="00:00:00" to="12:00:00"/>
                  </timeWindow>
                </policy>
                """);

        assertThat(e.line()).isEqualTo(2);
        assertThat(e).hasMessageContaining("'AllDay' is built in");
    }

    @Test
    void refusesALevelDeclaredTwice() {
        InvalidPolicyException e = refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <serviceLevels>
                    <userLevel name="trial"/>
                    <userLevel name="trial"/>
                  </serviceLevels>
                </policy>
                """);

        assertThat(e.line()).isEqualTo(4);
        assertThat(e).hasMessageContaining("user level 'trial' is declared twice");
    }

    @Test
    void refusesAnUnknownTimeZone() {
        InvalidPolicyException e = refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <settings timeZone="Mars/Olympus_Mons"/>
                </policy>
                """);

        assertThat(e.line()).isEqualTo(2);
        assertThat(e).hasMessageContaining("unknown time zone 'Mars/Olympus_Mons'");
    }

    @Test
    void refusesAServiceMapToAnUndeclaredSupplierLevel() {
        InvalidPolicyException e = refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <serviceLevels>
                    <userLevel name="trial"/>
                    <supplierLevel name="UPM"/>
                  </serviceLevels>
                  <serviceMap userLevel="trial" supplierLevels="UPM UBC"/>
                </policy>
                """);

        assertThat(e.line()).isEqualTo(6);
        assertThat(e).hasMessageContaining("supplier level 'UBC'");
    }

    @Test
    void refusesAPackageForAnUndeclaredUserLevel() {
        InvalidPolicyException e = refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <serviceLevels>
                    <userLevel name="trial"/>
                  </serviceLevels>
                  <package name="gold" userLevels="gold">
                    <grant virtualPort="StockQuotePortType"/>
                  </package>
                </policy>
                """);

        assertThat(e.line()).isEqualTo(5);
        assertThat(e).hasMessageContaining("user level 'gold'");
    }

    /** A policy declaring levels, a window and a namespace, with {@code rule} on {@link #RULE_LINE}. */
    private static String withRule(String rule) {
        return """
                <policy xmlns="urn:sd:policy:1">
                  <serviceLevels>
                    <userLevel name="platinum"/>
                    <supplierLevel name="UBC"/>
                  </serviceLevels>
                  <timeWindow name="businessHours"><period from="09:00:00" to="17:00:00"/></timeWindow>
                  <namespace prefix="q" uri="urn:example:stockquote"/>
                  <virtualPort name="StockQuotePortType">
                    %s
                  </virtualPort>
                </policy>
                """.formatted(rule);
    }

    /** A rule on {@link #RULE_LINE} whose one content condition, with {@code attributes}, is on the next line. */
    private static String withContent(String attributes) {
        return withRule("<rule directive=\"round-robin\">\n      <content " + attributes + "/>\n    </rule>");
    }
}
