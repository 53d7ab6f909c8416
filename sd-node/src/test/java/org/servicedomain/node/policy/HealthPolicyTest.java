package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.policy.TestPolicies.compile;
import static org.servicedomain.node.policy.TestPolicies.refusal;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.TestInstances;

class HealthPolicyTest {

    @Test
    void aFailureRatioAndAProbeOperationAreInheritedByEveryPortUnlessItSetsItsOwn() {
        CompiledPolicy policy = compile("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <health ejectFailureRatio="0.5" minRequests="20">
                      <probe operation="getQuote"><q:getQuote xmlns:q="urn:sd:samples:stockquote"><q:symbol>PROBE</q:symbol></q:getQuote></probe>
                    </health>
                  </defaults>
                  <virtualPort name="NewsPortType">
                    <health ejectAfterFailures="3"/>
                  </virtualPort>
                  <virtualPort name="WeatherPortType">
                    <health ejectFailureRatio="0"/>
                  </virtualPort>
                </policy>
                """);

        HealthRule quotes = policy.forPort("StockQuotePortType").health();
        assertThat(quotes.ejectFailureRatio()).isEqualTo(0.5);
        assertThat(quotes.minRequests()).isEqualTo(20);
        assertThat(quotes.probe().operation()).isEqualTo("getQuote");
        org.w3c.dom.Document payload = TestInstances.parseXml(quotes.probe().payload());
        assertThat(payload.getDocumentElement().getLocalName()).isEqualTo("getQuote");
        assertThat(payload.getDocumentElement().getNamespaceURI()).isEqualTo("urn:sd:samples:stockquote");
        assertThat(payload.getDocumentElement().getTextContent()).isEqualTo("PROBE");

        HealthRule news = policy.forPort("NewsPortType").health();
        assertThat(news.ejectAfterFailures()).isEqualTo(3);
        assertThat(news.ejectsByRatio()).isTrue();
        assertThat(news.probe()).isEqualTo(quotes.probe());
        assertThat(policy.forPort("WeatherPortType").health().ejectsByRatio()).isFalse();
    }

    @Test
    void withoutHealthSettingsARatioNeverEjectsAndTheWsdlIsProbed() {
        HealthRule rule = compile("<policy xmlns=\"urn:sd:policy:1\"/>").forPort("A").health();

        assertThat(rule.ejectsByRatio()).isFalse();
        assertThat(rule.probe()).isNull();
        assertThat(rule.probeInterval()).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void aRatioAboveOneIsRefusedWithItsValue() {
        assertThat(refusal("""
                <policy xmlns="urn:sd:policy:1"><defaults><health ejectFailureRatio="1.5"/></defaults></policy>
                """).getMessage()).contains("ejectFailureRatio").contains("1.5");
    }

    @Test
    void aProbeWithoutItsPayloadIsRefused() {
        assertThat(refusal("""
                <policy xmlns="urn:sd:policy:1"><defaults><health><probe operation="getQuote"/></health></defaults></policy>
                """).getMessage()).contains("probe");
    }
}
