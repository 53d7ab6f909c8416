package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.home.v1.SetPolicyResponse;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.StockQuoteCalls;

/** The directive where a policy names none, and the old word {@code fixed-order}, accepted with a warning. */
class DefaultDirectiveScenarioTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b");

    @BeforeEach
    void twoProviders() throws Exception {
        domain.registerAll();
    }

    @Test
    void withoutADefaultDirectiveARuleNamingNoneRoutesAtRandomOverTheCandidates() throws Exception {
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <virtualPort name="StockQuotePortType"><rule operation="getQuote"/></virtualPort>
                </policy>
                """);

        List<String> served = serve(40);

        assertThat(new HashSet<>(served)).containsExactlyInAnyOrder("quote-a", "quote-b");
    }

    @Test
    void theDefaultDirectiveSettingAppliesWhereNoRuleNamesADirective() throws Exception {
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <settings defaultDirective="round-robin"/>
                  <virtualPort name="StockQuotePortType"><rule operation="getQuote"/></virtualPort>
                </policy>
                """);

        List<String> served = serve(6);

        for (int i = 1; i < served.size(); i++) {
            assertThat(served.get(i)).as("round-robin alternates").isNotEqualTo(served.get(i - 1));
        }
    }

    @Test
    void theOldWordFixedOrderStillWorksAsFirstAvailableAndTheReportWarnsAboutIt() throws Exception {
        SetPolicy set = new SetPolicy();
        set.setDocument("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults><selection directive="fixed-order"/></defaults>
                </policy>
                """);
        set.setValidateOnly(true);
        SetPolicyResponse validated = domain.node().home().setPolicy(set);
        set.setValidateOnly(null);
        SetPolicyResponse activated = domain.node().home().setPolicy(set);

        assertThat(validated.getWarning()).singleElement().asString().startsWith("line 2, column")
                .contains("directive 'fixed-order' is deprecated; use 'first-available'");
        assertThat(activated.getWarning()).isEqualTo(validated.getWarning());
        assertThat(serve(4)).containsOnly("quote-a");
    }

    @Test
    void aPolicyWithCurrentWordsHasNoWarnings() throws Exception {
        SetPolicy set = new SetPolicy();
        set.setDocument("<policy xmlns=\"urn:sd:policy:1\"><defaults><selection directive=\"first-available\"/></defaults></policy>");

        assertThat(domain.node().home().setPolicy(set).getWarning()).isEmpty();
    }

    private List<String> serve(int calls) {
        List<String> served = new ArrayList<>();
        for (int i = 0; i < calls; i++) {
            served.add(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME")));
        }
        return served;
    }

    private URI port() {
        return domain.node().virtualPortAddress("StockQuotePortType");
    }
}
