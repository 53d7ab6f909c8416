package org.servicedomain.it.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The request context travels down: the session's user level and the values the parent's content
 * rules read reach the child in the signed {@code sd:context} header, and the child's rules use
 * them without parsing the payload again.
 */
class RequestContextHeaderTest {

    private static final String NS = "<namespace prefix=\"q\" uri=\"urn:sd:samples:stockquote\"/>";

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;

    @BeforeEach
    void parentAboveChildWithGoldAndSilverProviders() throws Exception {
        providers = ProviderFleet.stockQuotes("gold-quotes", "silver-quotes");
        tree = new NodeTree(dir);
        tree.start("parent");
        tree.start("child");
        DomainSetup child = new DomainSetup(tree.get("child").home());
        child.provider(providers.named("gold-quotes"), "Gold");
        child.provider(providers.named("silver-quotes"), "Silver");
        // The child's rule reads "symbol" at a path no request has: only the header can give it a value.
        child.policy("<policy xmlns=\"urn:sd:policy:1\"><serviceLevels><userLevel name=\"platinum\"/>"
                + "<supplierLevel name=\"Gold\"/><supplierLevel name=\"Silver\"/></serviceLevels>" + NS
                + "<package name=\"premium\" userLevels=\"platinum\"><grant virtualPort=\"StockQuotePortType\"/></package>"
                + "<virtualPort name=\"StockQuotePortType\" anonymous=\"true\">"
                + "<rule supplierLevel=\"Gold\" directive=\"round-robin\"><content name=\"symbol\" select=\"q:nowhere\" equals=\"IBM\"/></rule>"
                + "<rule supplierLevel=\"Silver\" directive=\"round-robin\"/>"
                + "</virtualPort></policy>");
        tree.attach("child", "parent");
        DomainSetup parent = new DomainSetup(tree.get("parent").home());
        parent.policy("<policy xmlns=\"urn:sd:policy:1\"><serviceLevels><userLevel name=\"platinum\"/></serviceLevels>" + NS
                + "<virtualPort name=\"StockQuotePortType\" anonymous=\"true\">"
                + "<rule directive=\"round-robin\"><content name=\"symbol\" select=\"q:symbol\" matches=\".+\"/></rule>"
                + "</virtualPort></policy>");
    }

    @AfterEach
    void stop() {
        tree.close();
        providers.close();
    }

    @Test
    void childSelectsByTheValueTheParentReadWithoutReadingThePayloadItself() {
        SoapReply viaParent = StockQuoteCalls.getQuote(tree.get("parent").virtualPortAddress("StockQuotePortType"), "IBM");
        SoapReply direct = StockQuoteCalls.getQuote(tree.get("child").virtualPortAddress("StockQuotePortType"), "IBM");

        assertThat(StockQuoteCalls.servedBy(viaParent)).isEqualTo("gold-quotes");
        assertThat(StockQuoteCalls.servedBy(direct)).isEqualTo("silver-quotes");
    }

    @Test
    void otherValuesFromTheParentLeadToTheOtherRule() {
        SoapReply viaParent = StockQuoteCalls.getQuote(tree.get("parent").virtualPortAddress("StockQuotePortType"), "SAP");

        assertThat(StockQuoteCalls.servedBy(viaParent)).isEqualTo("silver-quotes");
    }

    @Test
    void userLevelOfTheParentSessionTravelsToTheChild() throws Exception {
        new DomainSetup(tree.get("parent").home()).user("ada", "secret-pass-1", "platinum");
        String session = new DomainSetup(tree.get("parent").home()).login("ada", "secret-pass-1");
        String childPolicyWithoutAnonymous = "<policy xmlns=\"urn:sd:policy:1\"><serviceLevels><userLevel name=\"platinum\"/>"
                + "</serviceLevels><package name=\"premium\" userLevels=\"platinum\"><grant virtualPort=\"StockQuotePortType\"/>"
                + "</package></policy>";
        new DomainSetup(tree.get("child").home()).policy(childPolicyWithoutAnonymous);

        SoapReply platinum = StockQuoteCalls.getQuote(tree.get("parent").virtualPortAddress("StockQuotePortType"), "IBM", session);
        SoapReply anonymous = StockQuoteCalls.getQuote(tree.get("parent").virtualPortAddress("StockQuotePortType"), "IBM");

        assertThat(platinum.isSoapFault()).as(platinum.text()).isFalse();
        assertThat(anonymous.faultCode()).contains("NotAuthorized");
    }

    @Test
    void aContextHeaderNotSignedByTheParentIsRefused() {
        String forged = "<sd:context xmlns:sd=\"urn:sd:home:1\"><sd:userLevel>platinum</sd:userLevel>"
                + "<sd:value name=\"symbol\">IBM</sd:value><sd:signature>AAAA</sd:signature></sd:context>";
        SoapReply reply = SoapExchange.post(tree.get("child").virtualPortAddress("StockQuotePortType"), "text/xml; charset=UTF-8",
                StockQuoteCalls.GET_QUOTE_ACTION, SoapExchange.soap11(forged, StockQuoteCalls.getQuoteBody("IBM")));

        assertThat(reply.faultCode()).contains("NotAuthorized");
    }
}
