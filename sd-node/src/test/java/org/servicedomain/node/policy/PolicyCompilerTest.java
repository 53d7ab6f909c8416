package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.engine.compose.ComposerRegistry;
import org.servicedomain.node.engine.selection.FirstAvailableSelector;
import org.servicedomain.node.engine.selection.RandomSelector;
import org.servicedomain.node.engine.selection.SelectorRegistry;

class PolicyCompilerTest {

    private final PolicyDocumentReader reader = new PolicyDocumentReader();
    private final PolicyCompiler compiler = new PolicyCompiler(SelectorRegistry.standard(), ComposerRegistry.standard());

    @Test
    void givesANamedPortItsOwnRulesAndOtherPortsTheDefaults() {
        CompiledPolicy policy = compile("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <selection directive="random"/>
                    <recovery retries="1" timeoutMs="4000"/>
                  </defaults>
                  <virtualPort name="StockQuotePortType">
                    <selection directive="first-available"/>
                    <recovery retries="5" timeoutMs="800"/>
                  </virtualPort>
                </policy>
                """);

        PortPolicy named = policy.forPort("StockQuotePortType");
        assertThat(named.directive()).isEqualTo("first-available");
        assertThat(named.selector()).isInstanceOf(FirstAvailableSelector.class);
        assertThat(named.recovery()).isEqualTo(new RecoveryRule(5, Duration.ofMillis(800)));
        PortPolicy other = policy.forPort("WeatherPortType");
        assertThat(other.directive()).isEqualTo("random");
        assertThat(other.selector()).isInstanceOf(RandomSelector.class);
        assertThat(other.recovery()).isEqualTo(new RecoveryRule(1, Duration.ofMillis(4000)));
    }

    @Test
    void aNamedPortWithoutRulesOfItsOwnInheritsTheDefaults() {
        CompiledPolicy policy = compile("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <selection directive="first-available"/>
                    <recovery retries="3" timeoutMs="900"/>
                  </defaults>
                  <virtualPort name="NewsPortType"/>
                </policy>
                """);

        PortPolicy news = policy.forPort("NewsPortType");
        assertThat(news.directive()).isEqualTo("first-available");
        assertThat(news.recovery()).isEqualTo(new RecoveryRule(3, Duration.ofMillis(900)));
    }

    @Test
    void aRecoveryAttributeLeftOutIsInheritedFromTheDefaults() {
        CompiledPolicy policy = compile("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <recovery retries="5" timeoutMs="900"/>
                  </defaults>
                  <virtualPort name="NewsPortType">
                    <recovery timeoutMs="200"/>
                  </virtualPort>
                </policy>
                """);

        assertThat(policy.forPort("NewsPortType").recovery()).isEqualTo(new RecoveryRule(5, Duration.ofMillis(200)));
    }

    @Test
    void aPartialRecoveryInTheDefaultsInheritsTheBuiltInRecovery() {
        CompiledPolicy policy = compile(recovery("timeoutMs=\"500\""));

        assertThat(policy.forPort("A").recovery())
                .isEqualTo(new RecoveryRule(RecoveryRule.DEFAULT.retries(), Duration.ofMillis(500)));
    }

    @Test
    void theAttributeToAvoidAfterAFailureIsInheritedUnlessAPortSetsItsOwn() {
        CompiledPolicy policy = compile("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <recovery retries="4" timeoutMs="900" avoidSharedAttribute="rack"/>
                  </defaults>
                  <virtualPort name="A">
                    <recovery retries="1"/>
                  </virtualPort>
                  <virtualPort name="B">
                    <recovery avoidSharedAttribute="host"/>
                  </virtualPort>
                </policy>
                """);

        assertThat(policy.forPort("A").recovery()).isEqualTo(new RecoveryRule(1, Duration.ofMillis(900), "rack"));
        assertThat(policy.forPort("B").recovery()).isEqualTo(new RecoveryRule(4, Duration.ofMillis(900), "host"));
        assertThat(policy.forPort("Other").recovery()).isEqualTo(new RecoveryRule(4, Duration.ofMillis(900), "rack"));
    }

    @Test
    void givesEachDefaultedPortASelectorOfItsOwnThatLastsAsLongAsThePolicy() {
        CompiledPolicy policy = compile("<policy xmlns=\"urn:sd:policy:1\"/>");

        assertThat(policy.forPort("A").selector()).isSameAs(policy.forPort("A").selector());
        assertThat(policy.forPort("A").selector()).isNotSameAs(policy.forPort("B").selector());
    }

    @Test
    void acceptsRetriesUpToItsMaximum() {
        CompiledPolicy policy = compile(recovery("retries=\"" + PolicyCompiler.MAX_RETRIES + "\""));

        assertThat(policy.forPort("A").recovery().retries()).isEqualTo(PolicyCompiler.MAX_RETRIES);
    }

    @Test
    void rejectsRetriesAboveItsMaximum() {
        InvalidPolicyException e = catchThrowableOfType(InvalidPolicyException.class,
                () -> compile(recovery("retries=\"" + (PolicyCompiler.MAX_RETRIES + 1) + "\"")));

        assertThat(e).hasMessageContaining("retries")
                .hasMessageContaining("at most " + PolicyCompiler.MAX_RETRIES)
                .hasMessageContaining("but was " + (PolicyCompiler.MAX_RETRIES + 1));
    }

    @Test
    void rejectsATimeoutAboveItsMaximum() {
        InvalidPolicyException e = catchThrowableOfType(InvalidPolicyException.class,
                () -> compile(recovery("timeoutMs=\"" + (PolicyCompiler.MAX_TIMEOUT_MS + 1) + "\"")));

        assertThat(e).hasMessageContaining("timeoutMs");
    }

    private CompiledPolicy compile(String document) {
        return compiler.compile(1, document, reader.read(document));
    }

    private static String recovery(String attributes) {
        return "<policy xmlns=\"urn:sd:policy:1\"><defaults><recovery " + attributes + "/></defaults></policy>";
    }
}
