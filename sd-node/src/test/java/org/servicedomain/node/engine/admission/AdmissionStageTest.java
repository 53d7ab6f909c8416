package org.servicedomain.node.engine.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.RETURNS_SELF;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import org.junit.jupiter.api.Test;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.TestPolicies;
import org.servicedomain.node.tracing.CallTrace;

/**
 * A request goes on only when the policy's packages grant its caller's level the port and
 * operation, and an anonymous one only on a port open to anonymous calls; the call's
 * {@code admission} step says which.
 */
class AdmissionStageTest {

    private static final CompiledPolicy POLICY = TestPolicies.compile("""
            <policy xmlns="urn:sd:policy:1">
              <serviceLevels>
                <userLevel name="platinum"/>
                <userLevel name="trial"/>
              </serviceLevels>
              <package name="trialPackage" userLevels="trial">
                <grant virtualPort="StockQuotePortType" operations="GetHistory"/>
              </package>
              <package name="platinumPackage" userLevels="platinum">
                <grant virtualPort="StockQuotePortType"/>
              </package>
              <virtualPort name="StockQuotePortType" anonymous="false"/>
            </policy>
            """);

    private final CallTrace trace = mock(CallTrace.class);
    private final CallTrace.Step step = mock(CallTrace.Step.class, RETURNS_SELF);

    @Test
    void aLevelGrantedThePortIsAdmittedAndTheRequestGoesOnUnchanged() {
        RequestContext request = call("GetQuote", TestPolicies.user("platinum"));
        RecordingChain chain = RecordingChain.answering(request);

        assertThat(chain.replyOf(new AdmissionStage())).isEqualTo(RecordingChain.ANSWER);

        assertThat(chain.passedOn()).isSameAs(request);
    }

    @Test
    void aLevelGrantedOtherOperationsOfThePortIsRefusedNotAuthorizedNamingLevelAndPort() {
        RecordingChain chain = RecordingChain.answering(call("GetQuote", TestPolicies.user("trial")));

        NodeFault refusal = chain.refusalBy(new AdmissionStage());

        assertThat(refusal.code()).isEqualTo(FaultCode.NotAuthorized);
        assertThat(refusal).hasMessageContaining("trial").hasMessageContaining("StockQuotePortType");
        assertThat(chain.wasPassedOn()).isFalse();
    }

    @Test
    void anAnonymousCallerIsRefusedOnAPortClosedToAnonymousCalls() {
        RecordingChain chain = RecordingChain.answering(call("GetQuote", Caller.ANONYMOUS));

        NodeFault refusal = chain.refusalBy(new AdmissionStage());

        assertThat(refusal.code()).isEqualTo(FaultCode.NotAuthorized);
        assertThat(refusal).hasMessageContaining("session");
        assertThat(chain.wasPassedOn()).isFalse();
    }

    @Test
    void theAdmissionStepEndsAdmittedForARequestLetIn() {
        when(trace.step("admission")).thenReturn(step);

        RecordingChain.answering(traced(call("GetQuote", TestPolicies.user("platinum")))).replyOf(new AdmissionStage());

        verify(step).end(AdmissionStage.OUTCOME, AdmissionStage.ADMITTED);
        verify(step, never()).failed(anyString(), anyString());
    }

    @Test
    void theAdmissionStepFailsWithTheRefusalsCodeAndSaysRefused() {
        when(trace.step("admission")).thenReturn(step);

        NodeFault refusal = RecordingChain.answering(traced(call("GetQuote", TestPolicies.user("trial"))))
                .refusalBy(new AdmissionStage());

        verify(step).with(AdmissionStage.OUTCOME, AdmissionStage.REFUSED);
        verify(step).failed(FaultCode.NotAuthorized.name(), refusal.getMessage());
        verify(step, never()).end(anyString(), anyString());
    }

    private static RequestContext call(String operation, Caller caller) {
        return POLICY.boundTo(TestPolicies.call(operation, caller));
    }

    private RequestContext traced(RequestContext request) {
        return request.withTag(CallTrace.class, trace);
    }
}
