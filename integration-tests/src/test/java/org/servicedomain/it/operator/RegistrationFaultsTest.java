package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SdctlRun;

/**
 * A registration whose WSDL cannot be had tells an administrator why (connection refused, not http,
 * an HTTP error with the missing {@code ?wsdl} hint, HTML, not XML, no answer), without the URL's
 * credentials or a stack trace; a provider still gets the one answer that maps no network. (An
 * unknown host is FetchCausesTest's: naming one here would ask a DNS server beyond loopback.)
 */
class RegistrationFaultsTest {

    private static final Duration FETCH_TIMEOUT = Duration.ofMillis(700);

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a")
            .configured(c -> c.wsdlFetchTimeout(FETCH_TIMEOUT));

    @Test
    void aRefusedConnectionIsNamedWithItsHostAndPort() {
        assertThat(refusal(admin(), "http://127.0.0.1:1/quotes?wsdl")).contains("127.0.0.1:1").contains("refused");
    }

    @Test
    void aLocationThatIsNotHttpIsNamed() {
        assertThat(refusal(admin(), "ftp://127.0.0.1/quotes.wsdl")).contains("only http and https").contains("'ftp'");
    }

    @Test
    void anHttpErrorOfTheProviderIsNamedWithTheMissingWsdlHint() {
        URI provider = domain.provider("quote-a").address();

        String withoutWsdl = refusal(admin(), provider.toString());
        String missingPage = refusal(admin(), "http://127.0.0.1:" + provider.getPort() + "/no-such-page");

        assertThat(withoutWsdl).containsPattern("HTTP [45]\\d\\d").contains("?wsdl");
        assertThat(missingPage).contains("HTTP 404").contains("?wsdl");
    }

    @Test
    void aDocumentThatIsNotAWsdlIsNamed() {
        String load = domain.node().baseUri() + "/load";

        assertThat(refusal(admin(), load)).contains("not well-formed XML").contains("line 1");
    }

    @Test
    void aMalformedUrlIsNamedWithoutRepeatingIt() {
        assertThat(refusal(admin(), "http://127.0.0.1:1/quotes?wsdl&x=%ZZ")).contains("not a URL").contains("at character");
    }

    @Test
    void anHtmlPageIsNamed() {
        assertThat(refusal(admin(), domain.node().homeAddress().toString())).contains("HTML page");
    }

    @Test
    void aProviderThatAcceptsButNeverAnswersIsNamedAsATimeout() throws IOException {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String location = "http://127.0.0.1:" + silent.getLocalPort() + "/quotes?wsdl";

            assertThat(refusal(admin(), location)).contains("127.0.0.1:" + silent.getLocalPort())
                    .contains("no answer within " + FETCH_TIMEOUT.toMillis() + " ms");
        }
    }

    @Test
    void theCauseLeaksNeitherTheUrlsCredentialsNorAStackTrace() {
        String message = refusal(admin(), "http://alice:s3cret-pw@127.0.0.1:1/quotes?wsdl");

        assertThat(message).contains("credentials").contains("***@127.0.0.1:1").doesNotContain("s3cret-pw")
                .doesNotContain("alice").doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void aProviderLearnsNothingAboutTheNodesNetworksButItsAdministratorDoes() {
        NodeClient open = NodeClient.connect(domain.node().baseUri());
        open.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        NodeClient root = open.withSession(open.login("root", "root-pw").sessionId());
        root.setUser(new NodeClient.UserEntry("alice", "alice-pw", "supplier", List.of(), List.of("provider")));
        NodeClient alice = open.withSession(open.login("alice", "alice-pw").sessionId());
        String closedPort = "http://127.0.0.1:1/quotes?wsdl";
        String missingPage = "http://127.0.0.1:" + domain.provider("quote-a").address().getPort() + "/no-such-page?wsdl";

        List<String> toTheProvider = List.of(refusal(alice, closedPort).replace(closedPort, "LOCATION"),
                refusal(alice, missingPage).replace(missingPage, "LOCATION"));

        assertThat(toTheProvider.get(0)).isEqualTo(toTheProvider.get(1)).doesNotContain("refused").doesNotContain("404");
        assertThat(refusal(root, closedPort)).contains("refused");
    }

    @Test
    void sdctlShowsTheCause() {
        SdctlRun sdctl = SdctlRun.inTemporaryConfig().withEnv("SDCTL_NODE", domain.node().baseUri().toString());

        SdctlRun.Result refused = sdctl.run("instances", "register", "http://127.0.0.1:1/quotes?wsdl");

        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(1);
        assertThat(refused.err()).contains("WsdlUnreadable").contains("127.0.0.1:1").contains("refused");
    }

    private NodeClient admin() {
        return NodeClient.connect(domain.node().baseUri());
    }

    private static String refusal(NodeClient caller, String wsdlLocation) {
        NodeClientException e = catchThrowableOfType(NodeClientException.class,
                () -> caller.register(wsdlLocation, null, null, Map.of()));
        assertThat(e).as("registering %s", wsdlLocation).isNotNull();
        assertThat(e.code()).isEqualTo("WsdlUnreadable");
        return e.getMessage();
    }
}
