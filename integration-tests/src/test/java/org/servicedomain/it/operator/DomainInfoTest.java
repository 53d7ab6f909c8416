package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClient.DomainChange;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.DomainInfo;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.WsdlDocumentation;

/**
 * The domain information over real SOAP on a real node: administrators set it, every caller reads it,
 * it survives a restart, every virtual port's WSDL and the home port's carry it, and bad input or a non-administrator
 * is refused with a fault code and an audit line.
 */
class DomainInfoTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DESCRIPTION = "Quotes of <every> exchange & \"more\"\nDelayed 15 min";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a");

    @Test
    void anAdministratorSetsTheDomainInformationAndAnAnonymousCallerReadsIt() {
        NodeClient root = administrator();

        DomainInfo set = root.setDomainInfo(new DomainChange(DESCRIPTION, "ACME Markets", "ops@acme.example", "Fair use only",
                "https://acme.example/terms"));
        DomainInfo read = anonymous().domainInfo();

        assertThat(read.getDescription()).isEqualTo(DESCRIPTION);
        assertThat(read.getOwner()).isEqualTo("ACME Markets");
        assertThat(read.getContact()).isEqualTo("ops@acme.example");
        assertThat(read.getTerms()).isEqualTo("Fair use only");
        assertThat(read.getTermsUrl()).isEqualTo("https://acme.example/terms");
        assertThat(read.getChangedBy()).isEqualTo("root");
        assertThat(read.getChangedAt()).isEqualTo(set.getChangedAt());
        DomainInfo changed = root.setDomainInfo(new DomainChange(null, null, "", null, null));
        assertThat(changed.getContact()).as("an empty field removes it").isNull();
        assertThat(changed.getOwner()).as("an absent field is kept").isEqualTo("ACME Markets");
    }

    @Test
    void theDomainInformationSurvivesARestart() {
        administrator().setDomainInfo(new DomainChange(DESCRIPTION, "ACME Markets", null, null, null));

        domain.node().restart();

        DomainInfo read = anonymous().domainInfo();
        assertThat(read.getDescription()).isEqualTo(DESCRIPTION);
        assertThat(read.getOwner()).isEqualTo("ACME Markets");
    }

    @Test
    void everyVirtualPortsWsdlCarriesTheDomainInformationInItsServiceDocumentation() throws Exception {
        domain.registerAll();
        domain.blastServer("blast-a", null, "db1");
        assertThat(serviceDocumentation("StockQuotePortType")).as("nothing set yet").isNull();

        administrator().setDomainInfo(new DomainChange(DESCRIPTION, "ACME Markets", null, null, null));

        String expected = DESCRIPTION + "\nOwner: ACME Markets";
        assertThat(serviceDocumentation("StockQuotePortType")).isEqualTo(expected);
        assertThat(serviceDocumentation("BlastPortType")).isEqualTo(expected);
        SoapReply domainWsdl = SoapExchange.get(URI.create(domain.node().baseUri() + "/services/domain?wsdl"));
        assertThat(domainWsdl.text()).contains("<wsdl:documentation>Quotes of &lt;every&gt; exchange &amp; ");
    }

    @Test
    void theHomePortsWsdlCarriesTheDomainInformationInItsServiceDocumentationAsItIsNow() throws Exception {
        assertThat(WsdlDocumentation.ofTheServiceIn(domain.node().homeAddress() + "?wsdl")).as("nothing set yet").isNull();
        NodeClient root = administrator();

        root.setDomainInfo(new DomainChange(DESCRIPTION, "ACME Markets", null, null, null));
        String described = WsdlDocumentation.ofTheServiceIn(domain.node().homeAddress() + "?wsdl");
        root.setDomainInfo(new DomainChange(null, "ACME Markets plc", null, null, null));
        String changed = WsdlDocumentation.ofTheServiceIn(domain.node().homeAddress() + "?wsdl");

        assertThat(described).isEqualTo(DESCRIPTION + "\nOwner: ACME Markets");
        assertThat(changed).isEqualTo(DESCRIPTION + "\nOwner: ACME Markets plc");
        assertThat(anonymous().domainInfo().getOwner()).as("the home port still serves calls").isEqualTo("ACME Markets plc");
    }

    @Test
    void badInputIsRefusedWithBadRequestNamingWhatIsWrong() {
        NodeClient root = administrator();

        assertThat(refusal(() -> root.setDomainInfo(new DomainChange(null, null, null, null, null))))
                .contains("setDomainInfo changes nothing");
        assertThat(refusal(() -> root.setDomainInfo(new DomainChange("d".repeat(2001), null, null, null, null))))
                .isEqualTo("description may hold at most 2000 characters but has 2001");
        assertThat(refusal(() -> root.setDomainInfo(new DomainChange(null, "ACME\nMarkets", null, null, null))))
                .isEqualTo("owner holds the control character U+000A at position 5; it must be one line of text");
        assertThat(refusal(() -> root.setDomainInfo(new DomainChange("bell\u0085", null, null, null, null))))
                .contains("control character U+0085");
        assertThat(refusal(() -> root.setDomainInfo(new DomainChange(null, null, null, null, "javascript:alert(1)"))))
                .startsWith("termsUrl must be an absolute http or https URL");
        assertThat(anonymous().domainInfo().getDescription()).as("nothing was changed").isNull();
    }

    @Test
    void aUserWhoIsNoAdministratorIsRefusedAndBothAttemptsAreAudited() throws IOException {
        NodeClient root = administrator();
        root.setUser(new NodeClient.UserEntry("joe", "joe-pw", "customer", List.of(), List.of("user")));
        NodeClient joe = signedIn("joe", "joe-pw");

        NodeClientException refused = catchThrowableOfType(NodeClientException.class,
                () -> joe.setDomainInfo(new DomainChange("mine now", null, null, null, null)));
        root.setDomainInfo(new DomainChange(DESCRIPTION, null, null, "", null));

        assertThat(refused.code()).isEqualTo("NotAuthorized");
        assertThat(refused.getMessage()).isEqualTo("setDomainInfo is for an administrator; user joe is not one");
        assertThat(joe.domainInfo().getDescription()).isEqualTo(DESCRIPTION);
        List<JsonNode> lines = auditLines().stream().filter(l -> l.get("action").asText().equals("setDomainInfo")).toList();
        assertThat(lines).extracting(l -> l.get("who").asText() + " " + l.get("outcome").asText())
                .containsExactly("joe NotAuthorized", "root ok");
        assertThat(lines.get(1).get("detail").asText()).isEqualTo("set description; removed terms");
        assertThat(lines.get(1).get("target").asText()).isEqualTo("domain");
    }

    private NodeClient administrator() {
        anonymous().setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        return signedIn("root", "root-pw");
    }

    private NodeClient anonymous() {
        return NodeClient.connect(domain.node().baseUri());
    }

    private NodeClient signedIn(String user, String password) {
        NodeClient client = anonymous();
        return client.withSession(client.login(user, password).sessionId());
    }

    private static String refusal(Runnable call) {
        NodeClientException refused = catchThrowableOfType(NodeClientException.class, call::run);
        assertThat(refused).as("refused").isNotNull();
        assertThat(refused.code()).isEqualTo("BadRequest");
        return refused.getMessage();
    }

    /** The text of the documentation of the one service in the port's WSDL. */
    private String serviceDocumentation(String port) throws Exception {
        return WsdlDocumentation.ofTheServiceIn(domain.node().virtualPortWsdl(port).toString());
    }

    private List<JsonNode> auditLines() throws IOException {
        return Files.readString(domain.dataDir().resolve("audit.log")).lines().map(line -> {
            try {
                return JSON.readTree(line);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).toList();
    }
}
