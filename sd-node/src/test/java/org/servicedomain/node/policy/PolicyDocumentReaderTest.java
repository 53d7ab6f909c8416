package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.policy.v1.Directive;
import org.servicedomain.policy.v1.Policy;
import org.servicedomain.policy.v1.VirtualPortRules;

class PolicyDocumentReaderTest {

    private final PolicyDocumentReader reader = new PolicyDocumentReader();

    @Test
    void acceptsAValidDocument() {
        Policy policy = reader.read("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <selection directive="random"/>
                    <recovery retries="4" timeoutMs="2500"/>
                  </defaults>
                  <virtualPort name="StockQuotePortType">
                    <selection directive="first-available"/>
                  </virtualPort>
                </policy>
                """);

        assertThat(policy.getDefaults().getSelection().getDirective()).isEqualTo(Directive.RANDOM);
        assertThat(policy.getDefaults().getRecovery().getRetries()).isEqualTo(BigInteger.valueOf(4));
        assertThat(policy.getDefaults().getRecovery().getTimeoutMs()).isEqualTo(BigInteger.valueOf(2500));
        VirtualPortRules port = policy.getVirtualPort().get(0);
        assertThat(port.getName()).isEqualTo("StockQuotePortType");
        assertThat(port.getSelection().getDirective()).isEqualTo(Directive.FIRST_AVAILABLE);
    }

    @Test
    void reportsTheLineOfAnUnknownDirective() {
        InvalidPolicyException e = refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults/>
                  <virtualPort name="StockQuotePortType">
                    <selection directive="least-loaded"/>
                  </virtualPort>
                </policy>
                """);

        assertThat(e.line()).isEqualTo(4);
        assertThat(e.code()).isEqualTo(FaultCode.InvalidPolicy);
        assertThat(e).hasMessageContaining("least-loaded");
    }

    @Test
    void reportsTheLineOfAnElementTheSchemaDoesNotAllow() {
        InvalidPolicyException e = refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults/>
                  <virtualPort name="A"/>
                  <virtualPort name="B">
                    <recovery retries="1"/>
                    <selection directive="random"/>
                  </virtualPort>
                </policy>
                """);

        assertThat(e.line()).as("selection must come before recovery").isEqualTo(6);
    }

    @Test
    void rejectsTwoRuleSetsForTheSameVirtualPort() {
        InvalidPolicyException e = refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <virtualPort name="A"/>
                  <virtualPort name="A"/>
                </policy>
                """);

        assertThat(e.code()).isEqualTo(FaultCode.InvalidPolicy);
    }

    @Test
    void rejectsMalformedXmlAtTheLineOfTheProblem() {
        InvalidPolicyException e = refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <selection directive="random">
                  </defaults>
                </policy>
                """);

        assertThat(e.line()).isEqualTo(4);
    }

    @Test
    void rejectsADoctype() {
        InvalidPolicyException e = refusal("""
                <?xml version="1.0"?>
                <!DOCTYPE policy [<!ENTITY directive "random">]>
                <policy xmlns="urn:sd:policy:1"/>
                """);

        assertThat(e).hasMessageContaining("DOCTYPE");
    }

    @Test
    void rejectsADocumentInAnotherNamespace() {
        InvalidPolicyException e = refusal("<policy xmlns=\"urn:sd:policy:2\"/>");

        assertThat(e.code()).isEqualTo(FaultCode.InvalidPolicy);
    }

    private InvalidPolicyException refusal(String document) {
        InvalidPolicyException e = catchThrowableOfType(InvalidPolicyException.class, () -> reader.read(document));
        assertThat(e).as("the reader refuses the document").isNotNull();
        return e;
    }
}
