package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.servicedomain.it.policy.ComposedAnswersScenarioTest.quote;
import static org.servicedomain.it.policy.ComposedAnswersScenarioTest.tally;

import java.net.URI;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * A composer class of the administrator's own ({@code composer="custom"} and its {@code class}),
 * loaded from the node's classpath, merges the answers of three real stock-quote providers whose
 * lists of symbols overlap.
 */
class CustomComposerScenarioTest {

    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet();

    @BeforeEach
    void threeExchangesTwoOfThemListingSony() throws Exception {
        domain.exchange("nyse", "IBM", "SONY");
        domain.exchange("lse", "BP");
        domain.exchange("tse", "SONY", "TM");
    }

    @Test
    void theCustomComposerKeepsOneQuotePerSymbolWhereConcatenatingKeepsEvery() throws Exception {
        domain.setup().policy(composing("composer=\"concatenate\""));
        SoapReply concatenated = StockQuoteCalls.monitorStocks(port(), "TM", "SONY", "IBM", "BP");
        domain.setup().policy(composing("composer=\"custom\" class=\"" + OnePerSymbolComposer.class.getName() + "\""));

        SoapReply composed = StockQuoteCalls.monitorStocks(port(), "TM", "SONY", "IBM", "BP");

        assertThat(StockQuoteCalls.quotesIn(concatenated)).extracting(StockQuoteCalls.Quote::symbol)
                .containsExactlyInAnyOrder("IBM", "SONY", "BP", "SONY", "TM");
        assertThat(composed.status()).as(composed.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.quotesIn(composed)).extracting(StockQuoteCalls.Quote::symbol)
                .containsExactly("BP", "IBM", "SONY", "TM");
        assertThat(StockQuoteCalls.quotesIn(composed)).contains(quote("BP", "lse"), quote("IBM", "nyse"), quote("TM", "tse"));
        assertThat(tally(composed).getAttribute("answered")).isEqualTo("3");
    }

    @Test
    void aCustomClassThatIsNoComposerIsRefusedWhenThePolicyIsSet() {
        assertThatThrownBy(() -> domain.setup().policy(composing("composer=\"custom\" class=\""
                + LastCandidateSelector.class.getName() + "\"")))
                .isInstanceOfSatisfying(HomeFault.class, fault -> assertThat(fault.getFaultInfo().getCode()).isEqualTo("InvalidPolicy"))
                .hasMessageContaining(LastCandidateSelector.class.getName());
    }

    private static String composing(String composer) {
        return "<policy xmlns=\"urn:sd:policy:1\"><virtualPort name=\"" + PORT + "\">"
                + "<compose operation=\"monitorStocks\" " + composer + "/></virtualPort></policy>";
    }

    private URI port() {
        return domain.node().virtualPortAddress(PORT);
    }
}
