package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.MovableClock;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Resources;
import org.servicedomain.testsupport.StockQuoteCalls;

/** Time windows (samples/policies/business-hours.xml) read the node's clock in the policy's time zone. */
class TimeWindowScenarioTest {

    private static final ZoneId PARIS = ZoneId.of("Europe/Paris");

    private final MovableClock clock = new MovableClock(ZonedDateTime.of(2026, 11, 30, 10, 0, 0, 0, PARIS).toInstant());

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("ubc", "upm").configured(config -> config.clock(clock));

    @BeforeEach
    void setUp() throws Exception {
        DomainSetup setup = domain.setup();
        setup.provider(domain.provider("ubc"), "UBC");
        setup.provider(domain.provider("upm"), "UPM");
        setup.policy(Resources.text("policies/business-hours.xml"));
    }

    @Test
    void duringParisBusinessHoursQuotesComeFromUbc() {
        clock.set(ZonedDateTime.of(2026, 11, 30, 16, 59, 0, 0, PARIS).toInstant());
        assertThat(servedBy()).isEqualTo("ubc");
    }

    @Test
    void outsideBusinessHoursAndAtWeekendsQuotesComeFromUpm() {
        clock.set(ZonedDateTime.of(2026, 11, 30, 17, 0, 0, 0, PARIS).toInstant());
        assertThat(servedBy()).isEqualTo("upm");
        clock.set(ZonedDateTime.of(2026, 12, 5, 11, 0, 0, 0, PARIS).toInstant());
        assertThat(servedBy()).isEqualTo("upm");
    }

    @Test
    void theWindowIsReadInTheTimeZoneOfThePolicyNotTheNodes() {
        clock.set(ZonedDateTime.of(2026, 11, 30, 8, 30, 0, 0, ZoneId.of("UTC")).toInstant());
        assertThat(servedBy()).isEqualTo("ubc");
    }

    private String servedBy() {
        URI port = domain.node().virtualPortAddress("StockQuotePortType");
        return StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port, "ACME"));
    }
}
