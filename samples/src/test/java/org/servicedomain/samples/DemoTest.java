package org.servicedomain.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.samples.blast.BlastDatabases;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;

class DemoTest {

    @Test
    void topologyIsThreeQuotesACreditCheckAndABlastOnConsecutivePorts() {
        List<ProviderOptions> topology = Demo.topology(9001);

        assertThat(topology).extracting(ProviderOptions::name)
                .containsExactly("quote-a", "quote-b", "quote-c", "credit-a", "blast-a");
        assertThat(topology).extracting(ProviderOptions::service).containsExactly(SampleService.STOCKQUOTE,
                SampleService.STOCKQUOTE, SampleService.STOCKQUOTE, SampleService.CREDITCHECK, SampleService.BLAST);
        assertThat(topology).extracting(ProviderOptions::port).containsExactly(9001, 9002, 9003, 9004, 9005);
        assertThat(topology.get(4).databases()).isEqualTo(BlastDatabases.ALL);
    }

    @Test
    void demoRegistersEveryProviderWithTheNodeByItsWsdlAddress() throws Exception {
        try (FakeNode node = new FakeNode(); Demo demo = new Demo(node.start(), 0)) {
            List<SampleProvider> providers = demo.startProviders();
            demo.awaitNode(Duration.ofSeconds(30));

            Map<String, List<Registration>> registrations = demo.registerAll();

            assertThat(registrations.keySet()).containsExactly("quote-a", "quote-b", "quote-c", "credit-a", "blast-a");
            assertThat(registrations.values()).allSatisfy(r -> assertThat(r).singleElement()
                    .satisfies(one -> assertThat(one.getInstanceId()).startsWith("instance-")));
            assertThat(node.home().registeredWsdls())
                    .containsExactlyElementsOf(providers.stream().map(p -> p.wsdlAddress().toString()).toList());
            for (SampleProvider provider : providers) {
                assertThat(new SoapHttp().get(provider.wsdlAddress()).statusCode()).isEqualTo(200);
            }
            assertThat(node.home().domain().getDescription()).isEqualTo(Demo.DOMAIN_DESCRIPTION);
        }
    }

    @Test
    void homeWsdlIsBelowTheNodeBaseWithOrWithoutTrailingSlash() {
        assertThat(new Demo(URI.create("http://localhost:8080/sd/"), 0).homeWsdl())
                .isEqualTo(URI.create("http://localhost:8080/sd/services/home?wsdl"));
        assertThat(new Demo(URI.create("http://localhost:8080/sd"), 0).homeWsdl())
                .isEqualTo(URI.create("http://localhost:8080/sd/services/home?wsdl"));
    }

    @Test
    void awaitingANodeThatNeverAnswersGivesUp() throws Exception {
        int deadPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            deadPort = socket.getLocalPort();
        }
        Demo demo = new Demo(URI.create("http://localhost:" + deadPort + "/sd"), 0);

        assertThatThrownBy(() -> demo.awaitNode(Duration.ofMillis(300)))
                .isInstanceOf(TimeoutException.class)
                .hasMessageContaining("/sd/services/home?wsdl");
    }
}
