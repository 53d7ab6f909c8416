package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Resources;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.StockQuoteCalls;

/** Directives that depend on more than the candidates: a custom class, and a session's history. */
class DirectivesScenarioTest {

    @TempDir
    Path dataDir;

    private RunningNode node;
    private ProviderFleet providers;
    private DomainSetup domain;

    @BeforeEach
    void threeProviders() throws Exception {
        node = RunningNode.start(dataDir);
        providers = ProviderFleet.stockQuotes("quote-a", "quote-b", "quote-c");
        domain = new DomainSetup(node.home());
        for (String name : new String[] {"quote-a", "quote-b", "quote-c"}) {
            domain.provider(providers.named(name), null);
        }
        domain.user("ann", "ann-pw", "customer").user("bob", "bob-pw", "customer");
    }

    @AfterEach
    void stop() {
        providers.close();
        node.close();
    }

    @Test
    void customDirectiveClassSelectsByItsOwnLogic() throws Exception {
        domain.policy(Resources.text("policies/custom-directive.xml"));
        for (int i = 0; i < 4; i++) {
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME"))).isEqualTo("quote-c");
        }
    }

    @Test
    void transactionHistoryKeepsASessionOnOneInstanceAndMovesItOnlyWhenThatOneFails() throws Exception {
        domain.policy(Resources.text("policies/transaction-history.xml"));
        String ann = domain.login("ann", "ann-pw");
        String bob = domain.login("bob", "bob-pw");

        String annsInstance = StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", ann));
        String bobsInstance = StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", bob));
        for (int i = 0; i < 5; i++) {
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", ann))).isEqualTo(annsInstance);
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", bob))).isEqualTo(bobsInstance);
        }

        providers.named(annsInstance).stop();
        String moved = StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", ann));
        assertThat(moved).isNotEqualTo(annsInstance);
        Set<String> afterMove = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            afterMove.add(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", ann)));
        }
        assertThat(afterMove).containsExactly(moved);
    }

    private URI port() {
        return node.virtualPortAddress("StockQuotePortType");
    }
}
