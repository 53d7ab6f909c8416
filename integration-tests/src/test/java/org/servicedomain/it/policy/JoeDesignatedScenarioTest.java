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

/**
 * Joe holds accounts at providers A and B (samples/policies/joe-designated.xml): his quote
 * requests may go to A, B or others, his purchases only to A or B — held across sessions.
 */
class JoeDesignatedScenarioTest {

    @TempDir
    Path dataDir;

    private RunningNode node;
    private ProviderFleet providers;
    private DomainSetup domain;

    @BeforeEach
    void setUpTheDomain() throws Exception {
        node = RunningNode.start(dataDir);
        providers = ProviderFleet.stockQuotes("bank-a", "bank-b", "bank-c");
        domain = new DomainSetup(node.home());
        domain.provider(providers.named("bank-a"), null, "bank=A");
        domain.provider(providers.named("bank-b"), null, "bank=B");
        domain.provider(providers.named("bank-c"), null, "bank=C");
        domain.policy(Resources.text("policies/joe-designated.xml"));
        domain.user("joe", "joe-pw", "customer", "A", "B");
    }

    @AfterEach
    void stop() {
        providers.close();
        node.close();
    }

    @Test
    void joesQuotesMayComeFromAnyProviderButHisPurchasesOnlyFromHisBanks() throws Exception {
        String session = domain.login("joe", "joe-pw");
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
        domain.login("joe", "joe-pw");
        String later = domain.login("joe", "joe-pw");
        for (int i = 0; i < 4; i++) {
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.buy(port(), "ACME", 1, later))).isIn("bank-a", "bank-b");
        }
    }

    @Test
    void whenJoesBanksAreAllDownHisPurchaseIsNotSentElsewhere() throws Exception {
        String session = domain.login("joe", "joe-pw");
        providers.named("bank-a").stop();
        providers.named("bank-b").stop();
        assertThat(StockQuoteCalls.buy(port(), "ACME", 1, session).faultCode()).contains("NoInstanceAvailable");
        assertThat(providers.named("bank-c").requestsReceived()).isZero();
    }

    private URI port() {
        return node.virtualPortAddress("StockQuotePortType");
    }
}
