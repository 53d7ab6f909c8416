package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.assertj.core.api.AbstractStringAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.it.security.RecordedLog;
import org.servicedomain.testsupport.NodeWithProviders;

/**
 * A policy the schema refuses is explained in the policy language's words, over the home port: the
 * element and attribute of {@code urn:sd:policy:1}, the value found, what is allowed or expected, and
 * where; the XML parser's own text reaches the node's log only.
 */
class PolicyErrorWordsTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet();

    @Test
    void anUnknownValueNamesTheAttributeTheElementAndTheAllowedValues() {
        try (RecordedLog log = RecordedLog.ofNode()) {
            refusal("""
                    <policy xmlns="urn:sd:policy:1">
                      <defaults/>
                      <virtualPort name="StockQuotePortType">
                        <selection directive="least-loaded"/>
                      </virtualPort>
                    </policy>
                    """).contains("line 4").contains("attribute directive of <selection>").contains("'least-loaded'")
                    .contains("allowed values: round-robin, random");
            assertThat(log.lines()).anyMatch(line -> line.contains("cvc-enumeration-valid"));
        }
    }

    @Test
    void anElementOutOfPlaceNamesItsParentAndWhatIsExpected() {
        refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <nonsense/>
                </policy>
                """).contains("line 2").contains("<nonsense> is not allowed here inside <policy>").contains("expected")
                .contains("<virtualPort>").contains("urn:sd:policy:1");
    }

    @Test
    void aRootOutsideThePolicyNamespaceSaysWhatARootIs() {
        refusal("<policy><defaults/></policy>").contains("line 1").contains("no namespace")
                .contains("<policy xmlns=\"urn:sd:policy:1\">");
    }

    @Test
    void aMissingAttributeIsNamed() {
        refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <serviceLevels>
                    <userLevel/>
                  </serviceLevels>
                </policy>
                """).contains("line 3").contains("<userLevel> needs the attribute name");
    }

    @Test
    void anAttributeTheElementDoesNotHaveIsNamed() {
        refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults><selection directive="random" colour="red"/></defaults>
                </policy>
                """).contains("line 2").contains("<selection> has no attribute colour");
    }

    @Test
    void aValueOfTheWrongTypeSaysWhichTypeIsExpected() {
        refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults><recovery retries="many"/></defaults>
                </policy>
                """).contains("line 2").contains("attribute retries of <recovery> is 'many'").contains("whole number");
    }

    @Test
    void aDocumentThatIsNotWellFormedSaysSoWithoutTheParsersLocationText() {
        refusal("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults></selection>
                </policy>
                """).contains("line 2").contains("not well-formed XML").doesNotContain("row,col");
    }

    private AbstractStringAssert<?> refusal(String document) {
        NodeClient admin = NodeClient.connect(domain.node().baseUri());
        NodeClientException e = catchThrowableOfType(NodeClientException.class, () -> admin.validatePolicy(document));
        assertThat(e).as("refused").isNotNull();
        assertThat(e.code()).isEqualTo("InvalidPolicy");
        return assertThat(e.getMessage()).doesNotContain("cvc-").doesNotContain("facet").doesNotContain("{\"");
    }
}
