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
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Resources;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The "United Financing" domain (samples/policies/united-financing.xml): platinum users are
 * served by the UBC-level stock-quote providers, trial users by the UPM-level ones, purchases go
 * to either, and a trial user calling the platinum-only credit check is refused.
 */
class UnitedFinancingScenarioTest {

    @TempDir
    Path dataDir;

    private RunningNode node;
    private ProviderFleet providers;
    private String platinum;
    private String trial;

    @BeforeEach
    void setUpTheDomain() throws Exception {
        node = RunningNode.start(dataDir);
        providers = ProviderFleet.stockQuotes("ubc-1", "ubc-2", "upm-1", "upm-2");
        providers.start(ProviderOptions.of(SampleService.CREDITCHECK, "credit"));
        DomainSetup domain = new DomainSetup(node.home());
        domain.provider(providers.named("ubc-1"), "UBC");
        domain.provider(providers.named("ubc-2"), "UBC");
        domain.provider(providers.named("upm-1"), "UPM");
        domain.provider(providers.named("upm-2"), "UPM");
        domain.provider(providers.named("credit"), "UBC");
        domain.policy(Resources.text("policies/united-financing.xml"));
        domain.user("paula", "paula-pw", "platinum").user("tom", "tom-pw", "trial");
        platinum = domain.login("paula", "paula-pw");
        trial = domain.login("tom", "tom-pw");
    }

    @AfterEach
    void stop() {
        providers.close();
        node.close();
    }

    @Test
    void platinumQuotesComeOnlyFromUbcProvidersAndTrialQuotesOnlyFromUpm() {
        assertThat(quotesServedBy(platinum)).containsExactlyInAnyOrder("ubc-1", "ubc-2");
        assertThat(quotesServedBy(trial)).containsExactlyInAnyOrder("upm-1", "upm-2");
    }

    @Test
    void purchasesGoToProvidersOfEitherLevel() {
        Set<String> servedBy = new HashSet<>();
        for (int i = 0; i < 8; i++) {
            servedBy.add(StockQuoteCalls.servedBy(StockQuoteCalls.buy(quotes(), "ACME", 1, trial)));
        }
        assertThat(servedBy).containsExactlyInAnyOrder("ubc-1", "ubc-2", "upm-1", "upm-2");
    }

    @Test
    void trialUserCallingThePlatinumOnlyPortIsRefused() {
        SoapReply reply = creditCheck(trial);
        assertThat(reply.faultCode()).contains("NotAuthorized");
        assertThat(creditCheck(platinum).status()).isEqualTo(200);
    }

    @Test
    void anonymousCallsOnAGovernedPortAreRefused() {
        assertThat(StockQuoteCalls.getQuote(quotes(), "ACME").faultCode()).contains("NotAuthorized");
    }

    private Set<String> quotesServedBy(String session) {
        Set<String> servedBy = new HashSet<>();
        for (int i = 0; i < 6; i++) {
            servedBy.add(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(quotes(), "ACME", session)));
        }
        return servedBy;
    }

    private SoapReply creditCheck(String session) {
        return SoapExchange.post(node.virtualPortAddress("CreditCheckPortType"), "text/xml", "\"urn:sd:samples:creditcheck#check\"",
                SoapExchange.soap11(SoapExchange.sessionHeader(session),
                        "<c:check xmlns:c=\"urn:sd:samples:creditcheck\"><c:customerId>42</c:customerId></c:check>"));
    }

    private URI quotes() {
        return node.virtualPortAddress("StockQuotePortType");
    }
}
