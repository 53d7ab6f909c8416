package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.node.session.UserDirectory;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;

/** The low findings of the attack review, each performed against a real node. */
class LowItemsTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a")
            .configured(c -> c.publicBaseUrl("https://sd.example.com/sd"));

    @TempDir
    Path dataDir;

    private RunningNode own;

    @AfterEach
    void stopOwnNode() {
        if (own != null) {
            own.close();
        }
    }

    @Test
    void aNodeWhoseUsersFileWasDeletedDoesNotStartOpenToEveryone() throws Exception {
        own = RunningNode.start(dataDir);
        NodeClient.connect(own.baseUri()).setUser(
                new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        own.stop();
        Files.delete(dataDir.resolve("users.json"));

        assertThatThrownBy(() -> own.restart()).isInstanceOf(UncheckedIOException.class);

        Files.delete(dataDir.resolve(UserDirectory.ADMINISTRATOR_MARKER)); // the operator's deliberate choice
        own.restart();
        assertThat(NodeClient.connect(own.baseUri()).users()).isEmpty();
    }

    @Test
    void temporaryFilesACrashLeftAreDeletedAtStartAndAVanishedCatalogIsReported() throws Exception {
        Path leftover = Files.createDirectories(dataDir.resolve("policy")).resolve(".policy-3.xml.1234.tmp");
        Files.writeString(leftover, "<policy");
        Files.createDirectories(dataDir.resolve("wsdl")).resolve("ab.wsdl").toFile().createNewFile();

        try (RecordedLog log = RecordedLog.ofNode()) {
            own = RunningNode.start(dataDir);

            assertThat(leftover).doesNotExist();
            assertThat(log.events()).anyMatch(e -> e.getLevel().toString().equals("ERROR")
                    && e.getFormattedMessage().contains("catalog.json") && e.getFormattedMessage().contains("is gone"));
        }
    }

    @Test
    void controlCharactersInAWsdlLocationCannotForgeLogLines() {
        try (RecordedLog log = RecordedLog.ofNode()) {
            assertThatThrownBy(() -> NodeClient.connect(domain.node().baseUri())
                    .register("http://127.0.0.1:1/x\r\n12:00:00.000 INFO FORGED admin logged in", null, null, Map.of()))
                    .isInstanceOf(NodeClientException.class);

            assertThat(log.lines()).isNotEmpty().noneMatch(line -> line.contains("\n") || line.contains("\r"));
            assertThat(log.lines()).anyMatch(line -> line.contains("\\r\\n12:00:00.000 INFO FORGED"));
        }
    }

    @Test
    void aMalformedAnonymousRequestToTheHomePortLogsNoStackTrace() {
        try (RecordedLog log = RecordedLog.of(org.slf4j.Logger.ROOT_LOGGER_NAME, ch.qos.logback.classic.Level.DEBUG)) {
            SoapReply reply = SoapExchange.post(domain.node().homeAddress(), "text/xml", "\"\"", "<x");

            assertThat(reply.status()).isBetween(400, 599);
            assertThat(log.events()).filteredOn(e -> e.getLevel().isGreaterOrEqual(ch.qos.logback.classic.Level.INFO))
                    .noneMatch(e -> e.getThrowableProxy() != null);
            assertThat(log.events()).filteredOn(e -> e.getThrowableProxy() != null).isEmpty();
        }
    }

    @Test
    void aMalformedAnonymousRequestToAVirtualPortLogsNoStackTrace() throws Exception {
        domain.registerAll();
        try (RecordedLog log = RecordedLog.of(org.slf4j.Logger.ROOT_LOGGER_NAME, ch.qos.logback.classic.Level.DEBUG)) {
            SoapReply reply = SoapExchange.post(domain.node().virtualPortAddress("StockQuotePortType"), "text/xml",
                    "\"\"", "<x");

            assertThat(reply.status()).isBetween(400, 599);
            assertThat(log.events()).filteredOn(e -> e.getThrowableProxy() != null).isEmpty();
        }
    }

    @Test
    void errorPagesDoNotShowTheServersVersion() {
        SoapReply reply = SoapExchange.get(URI.create(domain.node().baseUri() + "/no-such-page"));

        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.text()).doesNotContain("Tomcat").doesNotContain("Exception");
    }

    @Test
    void aConfiguredPublicBaseUrlIsPublishedInsteadOfTheHostHeader() throws Exception {
        domain.registerAll();

        String wsdl = SoapExchange.get(domain.node().virtualPortWsdl("StockQuotePortType")).text();

        assertThat(wsdl).contains("location=\"https://sd.example.com/sd/services/ports/StockQuotePortType\"")
                .doesNotContain("localhost");
    }

    @Test
    void invokeOperationRefusesAnUnknownSessionHeader() throws Exception {
        domain.registerAll();

        assertThatThrownBy(() -> NodeClient.connect(domain.node().baseUri()).withSession("made-up")
                .invokeOperation("StockQuotePortType", "getQuote", "<q:getQuote xmlns:q=\"urn:sd:samples:stockquote\"/>"))
                .isInstanceOfSatisfying(NodeClientException.class, e -> assertThat(e.code()).isEqualTo("NotAuthorized"));
    }

    @Test
    void theDefaultPolicyGivesAnInstanceFiveSecondsToAnswer() {
        assertThat(org.servicedomain.node.policy.RecoveryRule.DEFAULT.instanceTimeout()).hasSeconds(5);
        assertThat(org.servicedomain.node.policy.HealthRule.DEFAULT.ejectAfterFailures()).isEqualTo(5);
    }
}
