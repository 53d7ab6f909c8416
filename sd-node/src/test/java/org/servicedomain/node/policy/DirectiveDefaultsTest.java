package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.engine.selection.FirstAvailableSelector;
import org.servicedomain.node.engine.selection.RandomSelector;
import org.servicedomain.node.engine.selection.RoundRobinSelector;

/** Which directive applies where a policy names none, and the old words a policy may still use. */
class DirectiveDefaultsTest {

    private static final ZonedDateTime NOW = ZonedDateTime.of(2026, 1, 5, 10, 0, 0, 0, ZoneOffset.UTC);

    @Test
    void withoutADefaultDirectiveSettingThePolicyRoutesAtRandomWhereItNamesNoDirective() {
        CompiledPolicy policy = TestPolicies.compile("""
                <policy xmlns="urn:sd:policy:1">
                  <virtualPort name="StockQuotePortType">
                    <rule operation="buy"/>
                  </virtualPort>
                </policy>
                """);

        PortPolicy port = policy.forPort("StockQuotePortType");
        assertThat(port.directive()).isEqualTo("random");
        assertThat(port.selector()).isInstanceOf(RandomSelector.class);
        assertThat(decide(port, "buy").directive()).isEqualTo("random");
        assertThat(policy.forPort("AnyOtherPort").selector()).isInstanceOf(RandomSelector.class);
        assertThat(policy.warnings()).isEmpty();
    }

    @Test
    void theDefaultDirectiveSettingAppliesToDefaultsPortsAndRulesThatNameNone() {
        CompiledPolicy policy = TestPolicies.compile("""
                <policy xmlns="urn:sd:policy:1">
                  <settings defaultDirective="round-robin"/>
                  <defaults><recovery retries="1"/></defaults>
                  <virtualPort name="StockQuotePortType">
                    <rule operation="buy"/>
                    <rule operation="sell" directive="first-available"/>
                  </virtualPort>
                </policy>
                """);

        PortPolicy port = policy.forPort("StockQuotePortType");
        assertThat(port.selector()).isInstanceOf(RoundRobinSelector.class);
        assertThat(decide(port, "buy").directive()).isEqualTo("round-robin");
        assertThat(decide(port, "buy").selector()).isInstanceOf(RoundRobinSelector.class);
        assertThat(decide(port, "sell").directive()).as("a directive named wins").isEqualTo("first-available");
        assertThat(policy.forPort("AnyOtherPort").directive()).isEqualTo("round-robin");
    }

    @Test
    void aRuleWithoutADirectiveUsesItsPortsSelection() {
        PortPolicy port = TestPolicies.compile("""
                <policy xmlns="urn:sd:policy:1">
                  <settings defaultDirective="random"/>
                  <defaults><selection directive="round-robin"/></defaults>
                  <virtualPort name="StockQuotePortType">
                    <rule operation="buy"/>
                    <selection directive="first-available"/>
                  </virtualPort>
                </policy>
                """).forPort("StockQuotePortType");

        assertThat(decide(port, "buy").directive()).isEqualTo("first-available");
        assertThat(decide(port, "buy").selector()).isInstanceOf(FirstAvailableSelector.class);
    }

    @Test
    void anUnknownDefaultDirectiveIsRefusedNamingTheKnownDirectives() {
        InvalidPolicyException e = TestPolicies.refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <settings defaultDirective="least-loaded"/>
                </policy>
                """);

        assertThat(e.getMessage()).contains("line 2").contains("unknown defaultDirective 'least-loaded'")
                .contains("round-robin").contains("random").contains("fixed").contains("first-available");
    }

    @Test
    void aDefaultDirectiveThatNeedsParametersIsRefused() {
        InvalidPolicyException e = TestPolicies.refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <settings defaultDirective="custom"/>
                </policy>
                """);

        assertThat(e.getMessage()).contains("defaultDirective 'custom' cannot serve without parameters");
    }

    @Test
    void theOldWordFixedOrderStillMeansFirstAvailableAndTheValidationWarnsWithItsLine() {
        CompiledPolicy policy = TestPolicies.compile("""
                <policy xmlns="urn:sd:policy:1">
                  <virtualPort name="StockQuotePortType">
                    <rule operation="buy" directive="fixed-order"/>
                    <selection directive="first-available"/>
                  </virtualPort>
                </policy>
                """);

        PortPolicy port = policy.forPort("StockQuotePortType");
        assertThat(decide(port, "buy").selector()).isInstanceOf(FirstAvailableSelector.class);
        assertThat(policy.warnings()).singleElement().asString()
                .startsWith("line 3, column ")
                .contains("directive 'fixed-order' is deprecated; use 'first-available'");
    }

    @Test
    void theOldWordAsTheDefaultDirectiveWarnsToo() {
        CompiledPolicy policy = TestPolicies.compile("""
                <policy xmlns="urn:sd:policy:1">
                  <settings defaultDirective="fixed-order"/>
                </policy>
                """);

        assertThat(policy.forPort("AnyPort").selector()).isInstanceOf(FirstAvailableSelector.class);
        assertThat(policy.warnings()).singleElement().asString().contains("'fixed-order' is deprecated");
    }

    private static Decision decide(PortPolicy port, String operation) {
        return port.decide(TestPolicies.call(operation, TestPolicies.user("any")), NOW, null);
    }
}
