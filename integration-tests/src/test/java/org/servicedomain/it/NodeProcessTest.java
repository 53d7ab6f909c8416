package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.Register;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeProcess;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/** The standalone launcher as a process: durable through {@code kill -9}, clean on SIGTERM. */
class NodeProcessTest {

    @TempDir
    Path dataDir;

    private ProviderFleet providers;

    @BeforeEach
    void startProvider() {
        providers = ProviderFleet.stockQuotes("quote-a");
    }

    @AfterEach
    void stopProvider() {
        providers.close();
    }

    @Test
    void everyAcknowledgedRegistrationSurvivesKillDashNineMidRegister() throws Exception {
        SampleProvider provider = providers.get(0);
        List<String> acknowledged = new CopyOnWriteArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        try (NodeProcess node = NodeProcess.start(dataDir)) {
            HomePortType home = node.home();
            Thread registering = new Thread(() -> {
                for (int i = 0; !stop.get(); i++) {
                    Register request = new Register();
                    request.setWsdlLocation(provider.wsdlAddress().toString());
                    request.setEndpointAddress(provider.address() + "?copy=" + i);
                    try {
                        acknowledged.add(home.register(request).getRegistration().get(0).getInstanceId());
                    } catch (Exception e) {
                        return;
                    }
                }
            }, "registering");
            registering.start();
            await().atMost(Duration.ofSeconds(60)).until(() -> acknowledged.size() >= 25);
            node.kill();
            stop.set(true);
            registering.join(30_000);
        }

        try (NodeProcess restarted = NodeProcess.start(dataDir)) {
            List<String> filed = restarted.home().getServiceInfo(new GetServiceInfo()).getInstance().stream()
                    .map(InstanceInfo::getInstanceId).toList();
            assertThat(filed).containsAll(acknowledged).doesNotHaveDuplicates();
            SoapReply reply = StockQuoteCalls.getQuote(
                    URI.create(restarted.baseUri() + "/services/ports/StockQuotePortType"), "ACME");
            assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("quote-a");
        }
    }

    @Test
    void sigtermStopsTheNodeCleanly() {
        try (NodeProcess node = NodeProcess.start(dataDir)) {
            int exit = node.terminate();
            assertThat(exit).isEqualTo(143);
            assertThat(node.output()).anyMatch(line -> line.contains("node stopped"));
        }
    }
}
