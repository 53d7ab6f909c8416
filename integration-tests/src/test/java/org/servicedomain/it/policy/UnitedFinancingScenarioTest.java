package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Resources;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The "United Financing" setup (samples/policies/united-financing.xml): platinum users are
 * served by the UBC-level stock-quote providers, trial users by the UPM-level ones, purchases go
 * to either, and a trial user calling the platinum-only credit check is refused.
 */
class UnitedFinancingScenarioTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("ubc-1", "ubc-2", "upm-1", "upm-2");

    private String platinum;
    private String trial;

    @BeforeEach
    void setUpTheDomain() throws Exception {
        domain.providers().start(ProviderOptions.of(SampleService.CREDITCHECK, "credit"));
        DomainSetup setup = domain.setup();
        setup.provider(domain.provider("ubc-1"), "UBC");
        setup.provider(domain.provider("ubc-2"), "UBC");
        setup.provider(domain.provider("upm-1"), "UPM");
        setup.provider(domain.provider("upm-2"), "UPM");
        setup.provider(domain.provider("credit"), "UBC");
        setup.policy(Resources.text("policies/united-financing.xml"));
        setup.user("paula", "paula-pw", "platinum").user("tom", "tom-pw", "trial");
        platinum = setup.login("paula", "paula-pw");
        trial = setup.login("tom", "tom-pw");
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
        return SoapExchange.post(domain.node().virtualPortAddress("CreditCheckPortType"), "text/xml", "\"urn:sd:samples:creditcheck#check\"",
                SoapExchange.soap11(SoapExchange.sessionHeader(session),
                        "<c:check xmlns:c=\"urn:sd:samples:creditcheck\"><c:customerId>42</c:customerId></c:check>"));
    }

    private URI quotes() {
        return domain.node().virtualPortAddress("StockQuotePortType");
    }
}
