package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.testsupport.EventReceiver;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.StockQuoteCalls;

/** The node's events reach the HTTP listener the policy names, one per change. */
class EventsTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b");

    private EventReceiver receiver;

    @BeforeEach
    void nodeWithTwoProvidersAndAListener() throws Exception {
        receiver = EventReceiver.start();
        domain.registerAll();
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <settings notifyUrl="%s"/>
                  <defaults>
                    <selection directive="round-robin"/>
                    <health ejectAfterFailures="1" probeIntervalMs="60000" maxProbeIntervalMs="60000"/>
                  </defaults>
                </policy>
                """.formatted(receiver.address()));
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void policyActivationEjectionAndServiceAvailabilityAreEachNotifiedOnce() throws Exception {
        await().atMost(Duration.ofSeconds(10)).until(() -> has("POLICY_ACTIVATED"));

        domain.provider("quote-a").stop();
        for (int i = 0; i < 4; i++) {
            assertThat(StockQuoteCalls.getQuote(port(), "ACME").status()).isEqualTo(200);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> has("INSTANCE_EJECTED"));

        setState(InstanceState.DOWN);
        for (int i = 0; i < 3; i++) {
            assertThat(StockQuoteCalls.getQuote(port(), "ACME").faultCode()).contains("NoInstanceAvailable");
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> has("SERVICE_FEATURE_UNAVAILABLE"));

        setState(InstanceState.OPERATIONAL);
        assertThat(StockQuoteCalls.getQuote(port(), "ACME").status()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(10)).until(() -> has("SERVICE_FEATURE_AVAILABLE"));

        assertThat(count("INSTANCE_EJECTED")).isEqualTo(1);
        assertThat(count("SERVICE_FEATURE_UNAVAILABLE")).isEqualTo(1);
        assertThat(count("POLICY_ACTIVATED")).isEqualTo(1);
        assertThat(receiver.bodies()).allMatch(body -> body.startsWith("{") && body.contains("\"time\""));
    }

    /** Sets every instance's state, as an administrator would. */
    private void setState(InstanceState state) throws Exception {
        for (InstanceInfo instance : domain.node().home().getServiceInfo(new GetServiceInfo()).getInstance()) {
            SetServiceInfo change = new SetServiceInfo();
            change.setInstanceId(instance.getInstanceId());
            change.setState(state);
            domain.node().home().setServiceInfo(change);
        }
    }

    private boolean has(String type) {
        return count(type) > 0;
    }

    private long count(String type) {
        return receiver.bodies().stream().filter(b -> b.contains("\"type\":\"" + type + "\"")).count();
    }

    private URI port() {
        return domain.node().virtualPortAddress("StockQuotePortType");
    }
}
