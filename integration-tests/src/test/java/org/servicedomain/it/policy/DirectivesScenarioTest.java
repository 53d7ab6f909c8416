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

/** Directives that depend on more than the candidates: a custom class, and a session's history. */
class DirectivesScenarioTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b", "quote-c");

    @BeforeEach
    void threeProviders() throws Exception {
        domain.registerAll();
        domain.setup().user("ann", "ann-pw", "customer").user("bob", "bob-pw", "customer");
    }

    @Test
    void customDirectiveClassSelectsByItsOwnLogic() throws Exception {
        domain.setup().policy(Resources.text("policies/custom-directive.xml"));
        for (int i = 0; i < 4; i++) {
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME"))).isEqualTo("quote-c");
        }
    }

    @Test
    void transactionHistoryKeepsASessionOnOneInstanceAndMovesItOnlyWhenThatOneFails() throws Exception {
        domain.setup().policy(Resources.text("policies/transaction-history.xml"));
        String ann = domain.setup().login("ann", "ann-pw");
        String bob = domain.setup().login("bob", "bob-pw");

        String annsInstance = StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", ann));
        String bobsInstance = StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", bob));
        for (int i = 0; i < 5; i++) {
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", ann))).isEqualTo(annsInstance);
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", bob))).isEqualTo(bobsInstance);
        }

        domain.provider(annsInstance).stop();
        String moved = StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", ann));
        assertThat(moved).isNotEqualTo(annsInstance);
        Set<String> afterMove = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            afterMove.add(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", ann)));
        }
        assertThat(afterMove).containsExactly(moved);
    }

    private URI port() {
        return domain.node().virtualPortAddress("StockQuotePortType");
    }
}
