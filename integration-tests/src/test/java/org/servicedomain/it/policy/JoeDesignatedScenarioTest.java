package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Resources;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Joe holds accounts at providers A and B (samples/policies/joe-designated.xml): his quote
 * requests may go to A, B or others, his purchases only to A or B — held across sessions.
 */
class JoeDesignatedScenarioTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("bank-a", "bank-b", "bank-c");

    @BeforeEach
    void setUpTheDomain() throws Exception {
        domain.setup().provider(domain.provider("bank-a"), null, "bank=A");
        domain.setup().provider(domain.provider("bank-b"), null, "bank=B");
        domain.setup().provider(domain.provider("bank-c"), null, "bank=C");
        domain.setup().policy(Resources.text("policies/joe-designated.xml"));
        domain.setup().user("joe", "joe-pw", "customer", "A", "B");
    }

    @Test
    void joesQuotesMayComeFromAnyProviderButHisPurchasesOnlyFromHisBanks() throws Exception {
        String session = domain.setup().login("joe", "joe-pw");
        Set<String> quotes = new HashSet<>();
        Set<String> purchases = new HashSet<>();
        for (int i = 0; i < 9; i++) {
            quotes.add(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", session)));
            purchases.add(StockQuoteCalls.servedBy(StockQuoteCalls.buy(port(), "ACME", 10, session)));
        }
        assertThat(quotes).containsExactlyInAnyOrder("bank-a", "bank-b", "bank-c");
        assertThat(purchases).containsExactlyInAnyOrder("bank-a", "bank-b");
    }

    @Test
    void designatedProvidersHoldAcrossSessions() throws Exception {
        domain.setup().login("joe", "joe-pw");
        String later = domain.setup().login("joe", "joe-pw");
        for (int i = 0; i < 4; i++) {
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.buy(port(), "ACME", 1, later))).isIn("bank-a", "bank-b");
        }
    }

    @Test
    void whenJoesBanksAreAllDownHisPurchaseIsNotSentElsewhere() throws Exception {
        String session = domain.setup().login("joe", "joe-pw");
        domain.provider("bank-a").stop();
        domain.provider("bank-b").stop();
        assertThat(StockQuoteCalls.buy(port(), "ACME", 1, session).faultCode()).contains("NoInstanceAvailable");
        assertThat(domain.provider("bank-c").requestsReceived()).isZero();
    }

    private URI port() {
        return domain.node().virtualPortAddress("StockQuotePortType");
    }
}
