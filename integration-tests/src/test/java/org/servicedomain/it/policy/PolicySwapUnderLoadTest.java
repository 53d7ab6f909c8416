package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetPolicy;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Policies swapped again and again while clients call: no request fails, every one is served by
 * an instance one of the two policies allows, and invalid documents in between change nothing.
 */
class PolicySwapUnderLoadTest {

    private static final String ONLY_GOLD = policyServing("gold");
    private static final String ONLY_SILVER = policyServing("silver");

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("gold-1", "gold-2", "silver-1", "silver-2", "bronze-1");

    @BeforeEach
    void goldAndSilverProviders() throws Exception {
        DomainSetup setup = domain.setup();
        for (String name : new String[] {"gold-1", "gold-2", "silver-1", "silver-2", "bronze-1"}) {
            setup.provider(domain.provider(name), name.substring(0, name.indexOf('-')));
        }
        setup.policy(ONLY_GOLD);
    }

    @Test
    void swappingPoliciesUnderLoadFailsAndMisroutesNothing() throws Exception {
        URI port = domain.node().virtualPortAddress("StockQuotePortType");
        List<String> servedBy = new CopyOnWriteArrayList<>();
        List<String> errors = new CopyOnWriteArrayList<>();
        AtomicBoolean swapping = new AtomicBoolean(true);
        ExecutorService clients = Executors.newFixedThreadPool(6);
        DomainSetup admin = domain.setup();
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int c = 0; c < 6; c++) {
                runs.add(clients.submit(() -> {
                    while (swapping.get()) {
                        SoapReply reply = StockQuoteCalls.getQuote(port, "ACME");
                        if (reply.status() == 200) {
                            servedBy.add(StockQuoteCalls.servedBy(reply));
                        } else {
                            errors.add(reply.text());
                        }
                    }
                }));
            }
            for (int i = 0; i < 20; i++) {
                admin.policy(i % 2 == 0 ? ONLY_SILVER : ONLY_GOLD);
                refusedAsInvalid(admin);
            }
            swapping.set(false);
            for (Future<?> run : runs) {
                run.get(60, TimeUnit.SECONDS);
            }
        } finally {
            swapping.set(false);
            clients.shutdownNow();
        }
        assertThat(errors).isEmpty();
        assertThat(servedBy).hasSizeGreaterThan(20).allMatch(p -> p.startsWith("gold") || p.startsWith("silver"));
        assertThat(servedBy).anyMatch(p -> p.startsWith("gold")).anyMatch(p -> p.startsWith("silver"));
        assertThat(domain.node().home().getPolicy(new GetPolicy()).getDocument()).isEqualTo(ONLY_GOLD);
    }

    private static void refusedAsInvalid(DomainSetup admin) {
        try {
            admin.policy("<policy xmlns=\"urn:sd:policy:1\"><virtualPort name=\"StockQuotePortType\">"
                    + "<rule supplierLevel=\"bronze\" directive=\"nonsense\"/></virtualPort></policy>");
            throw new AssertionError("an invalid policy was accepted");
        } catch (HomeFault expected) {
            assertThat(expected.getFaultInfo().getCode()).isEqualTo("InvalidPolicy");
        }
    }

    private static String policyServing(String level) {
        return "<policy xmlns=\"urn:sd:policy:1\"><virtualPort name=\"StockQuotePortType\">"
                + "<rule supplierLevel=\"" + level + "\" directive=\"round-robin\"/></virtualPort></policy>";
    }
}
