package org.servicedomain.node.engine.decision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.RETURNS_SELF;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Clock;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentMatchers;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.Decision;
import org.servicedomain.node.policy.TestPolicies;
import org.servicedomain.node.tracing.CallTrace;

/** The {@code decision} step names what the policy decided: directive, rule, the caller's service map and the levels left. */
class DecisionStageTest {

    private static final CompiledPolicy POLICY = TestPolicies.compile("""
            <policy xmlns="urn:sd:policy:1">
              <serviceLevels>
                <userLevel name="platinum"/>
                <supplierLevel name="UBC"/>
                <supplierLevel name="UPM"/>
              </serviceLevels>
              <serviceMap userLevel="platinum" supplierLevels="UBC"/>
              <defaults>
                <rule operation="GetQuote" supplierLevel="UPM UBC" directive="round-robin"/>
                <selection directive="first-available"/>
              </defaults>
            </policy>
            """);

    private final CallTrace trace = mock(CallTrace.class);
    private final CallTrace.Step step = mock(CallTrace.Step.class, RETURNS_SELF);
    private RequestContext proceeded;

    @Test
    void theDecisionStepNamesTheMatchedRuleItsDirectiveTheServiceMapAndTheLevelsBothAllow() {
        when(trace.step("decision")).thenReturn(step);

        decide("GetQuote", TestPolicies.user("platinum"));

        Decision decision = proceeded.tag(Decision.class);
        verify(step).with(DecisionStage.SERVICE_MAP, "platinum");
        verify(step).with(DecisionStage.RULE, decision.rule());
        verify(step).with(DecisionStage.SUPPLIER_LEVELS, Set.of("UBC"));
        verify(step).end(DecisionStage.DIRECTIVE, "round-robin");
        assertThat(decision.rule()).contains("operation=GetQuote");
    }

    @Test
    void anAnonymousCallUnderThePortsDirectiveNamesNoRuleNoServiceMapAndNoLevels() {
        when(trace.step("decision")).thenReturn(step);

        decide("GetQuoteHistory", Caller.ANONYMOUS);

        verify(step, never()).with(eq(DecisionStage.SERVICE_MAP), anyString());
        verify(step).with(eq(DecisionStage.RULE), ArgumentMatchers.<String>isNull());
        verify(step).with(eq(DecisionStage.SUPPLIER_LEVELS), ArgumentMatchers.<Collection<String>>isNull());
        verify(step).end(DecisionStage.DIRECTIVE, "first-available");
        verify(step, never()).failed(anyString(), any());
    }

    private void decide(String operation, Caller caller) {
        RequestContext request = POLICY.boundTo(new RequestContext(TestInstances.virtualPort(), operation, caller, Map.of(), null,
                "text/xml; charset=UTF-8", new byte[0]))
                .withTag(CallTrace.class, trace);
        new DecisionStage(Clock.systemUTC()).process(new Stage.Chain() {
            @Override
            public RequestContext request() {
                return request;
            }

            @Override
            public CompletableFuture<ProviderReply> proceed(RequestContext next) {
                proceeded = next;
                return CompletableFuture.completedFuture(null);
            }
        });
    }
}
