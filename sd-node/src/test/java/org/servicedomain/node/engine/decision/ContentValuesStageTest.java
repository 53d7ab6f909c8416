package org.servicedomain.node.engine.decision;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.TestPolicies;

/**
 * Content values: read from the payload only for what the port's content rules and the policy's
 * priority classes look at in this operation, and not again when a parent node sent them all.
 */
class ContentValuesStageTest {

    private static final String POLICY_WITH = """
            <policy xmlns="urn:sd:policy:1">
              <serviceLevels><supplierLevel name="Blue"/></serviceLevels>
              <namespace prefix="q" uri="urn:example:stockquote"/>
              %s
            </policy>
            """;
    private static final CompiledPolicy RULE_ON_SYMBOL = TestPolicies.compile(POLICY_WITH.formatted("""
            <virtualPort name="StockQuotePortType">
              <rule operation="GetQuote" supplierLevel="Blue" directive="round-robin">
                <content name="symbol" select="q:symbol" equals="ACME"/>
              </rule>
            </virtualPort>
            """));
    private static final CompiledPolicy CLASS_ON_SYMBOL = TestPolicies.compile(POLICY_WITH.formatted("""
            <priorityClasses>
              <qos class="high" timeoutMs="2000" operation="GetQuote"><content select="q:symbol" equals="ACME"/></qos>
            </priorityClasses>
            """));
    private static final byte[] NOT_XML = "not a message anyone could parse".getBytes(StandardCharsets.UTF_8);

    @Test
    void readsTheValuesThePortsContentRulesNeedForTheOperation() {
        RecordingChain chain = RecordingChain.answering(call("GetQuote", RULE_ON_SYMBOL));

        new ContentValuesStage().process(chain).join();

        assertThat(chain.passedOn().contentValues()).isEqualTo(Map.of("symbol", "ACME"));
    }

    @Test
    void readsTheValuesThePriorityClassesNeedToo() {
        RecordingChain chain = RecordingChain.answering(call("GetQuote", CLASS_ON_SYMBOL));

        new ContentValuesStage().process(chain).join();

        assertThat(chain.passedOn().contentValues()).containsValue("ACME").hasSize(1);
    }

    @Test
    void anOperationNoContentRuleLooksAtGoesOnWithoutItsPayloadBeingParsed() {
        RequestContext request = call("GetHistory", RULE_ON_SYMBOL).withBody(NOT_XML);
        RecordingChain chain = RecordingChain.answering(request);

        new ContentValuesStage().process(chain).join();

        assertThat(chain.passedOn()).isSameAs(request);
    }

    @Test
    void valuesAParentNodeAlreadySentAreNotReadAgain() {
        RequestContext request = call("GetQuote", RULE_ON_SYMBOL).withBody(NOT_XML)
                .withContentValues(Map.of("symbol", "FROM-PARENT"));
        RecordingChain chain = RecordingChain.answering(request);

        new ContentValuesStage().process(chain).join();

        assertThat(chain.passedOn()).isSameAs(request);
        assertThat(chain.passedOn().contentValues()).isEqualTo(Map.of("symbol", "FROM-PARENT"));
    }

    private static RequestContext call(String operation, CompiledPolicy policy) {
        return policy.boundTo(TestPolicies.call(operation, Caller.ANONYMOUS));
    }
}
