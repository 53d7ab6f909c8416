package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.UsageInfo;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/** Every invocation is metered: the records on disk and the totals per user and port add up to what was sent. */
class MeteringTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a");

    private String joe;

    @BeforeEach
    void nodeWithOneProviderAndAUser() throws Exception {
        DomainSetup setup = domain.setup();
        setup.provider(domain.providers().get(0), null);
        setup.user("joe", "joe-pw", "customer");
        joe = setup.login("joe", "joe-pw");
    }

    @Test
    void meteringRecordsAddUpToTheRequestsSentPerUserAndPort() throws Exception {
        for (int i = 0; i < 5; i++) {
            SoapReply reply = StockQuoteCalls.getQuote(port(), "ACME", joe);
            assertThat(reply.status()).isEqualTo(200);
        }
        for (int i = 0; i < 3; i++) {
            StockQuoteCalls.getQuote(port(), "ACME");
        }
        domain.providers().get(0).setFaultMode(FaultMode.HTTP_500_PLAIN);
        assertThat(StockQuoteCalls.getQuote(port(), "ACME", joe).faultCode()).contains("NoInstanceAvailable");

        List<UsageInfo> usage = domain.node().home().getServiceInfo(new GetServiceInfo()).getUsage();
        UsageInfo joeUsage = usage.stream().filter(u -> u.getUser().equals("joe")).findFirst().orElseThrow();
        UsageInfo anonymous = usage.stream().filter(u -> u.getUser().equals("(anonymous)")).findFirst().orElseThrow();
        assertThat(joeUsage.getRequests()).isEqualTo(6);
        assertThat(joeUsage.getFailures()).isEqualTo(1);
        assertThat(joeUsage.getReplyBytes()).isPositive();
        assertThat(anonymous.getRequests()).isEqualTo(3);
        assertThat(joeUsage.getVirtualPort()).isEqualTo("StockQuotePortType");

        await().atMost(Duration.ofSeconds(10)).until(() -> records().size() == 9);
        assertThat(records()).filteredOn(line -> line.split("\t")[1].equals("joe")).hasSize(6)
                .allMatch(line -> line.split("\t")[4].equals("getQuote"));
        assertThat(records()).filteredOn(line -> line.split("\t")[6].equals("NoInstanceAvailable")).hasSize(1);
    }

    @Test
    void usageTotalsAreTheSameAfterARestartOfTheNode() throws Exception {
        for (int i = 0; i < 4; i++) {
            assertThat(StockQuoteCalls.getQuote(port(), "ACME", joe).status()).isEqualTo(200);
        }
        for (int i = 0; i < 2; i++) {
            assertThat(StockQuoteCalls.getQuote(port(), "ACME").status()).isEqualTo(200);
        }
        List<UsageInfo> before = usage();

        domain.node().restart();

        assertThat(usage()).usingRecursiveFieldByFieldElementComparator().containsExactlyInAnyOrderElementsOf(before);
        assertThat(usage()).filteredOn(u -> u.getUser().equals("joe")).singleElement()
                .satisfies(u -> assertThat(u.getRequests()).isEqualTo(4));
        assertThat(StockQuoteCalls.getQuote(port(), "ACME").status()).isEqualTo(200);
        assertThat(usage()).filteredOn(u -> u.getUser().equals("(anonymous)")).singleElement()
                .satisfies(u -> assertThat(u.getRequests()).isEqualTo(3));
    }

    private List<UsageInfo> usage() throws Exception {
        return domain.node().home().getServiceInfo(new GetServiceInfo()).getUsage();
    }

    private List<String> records() throws IOException {
        Path dir = domain.dataDir().resolve("metering");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".tsv")).flatMap(f -> {
                try {
                    return Files.readAllLines(f).stream();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).toList();
        }
    }

    private URI port() {
        return domain.node().virtualPortAddress("StockQuotePortType");
    }
}
