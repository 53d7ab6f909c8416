package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Many clients on one virtual port while instances register and unregister: no request fails,
 * none sent after an unregister was acknowledged reaches that instance, and the catalog ends with
 * exactly the instances that should be there.
 */
class ConcurrentRegistrationTest {

    private static final int CLIENTS = 6;
    private static final int CHURN_ROUNDS = 15;

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("steady-a", "steady-b", "churn-c", "churn-d");

    /** One answered request: when it was sent (before the HTTP call), when its answer came, and who served it. */
    private record Served(long sentNanos, long answeredNanos, String provider) {
    }

    /** A span in which a provider was unregistered: from the unregister's ack to its next register call. */
    private record Absence(String provider, long fromNanos, long untilNanos) {
    }

    @Test
    void clientsNeverFailNorReachAnUnregisteredInstanceWhileInstancesComeAndGo() throws Exception {
        HomePortType home = domain.node().home();
        Registrations.register(home, domain.provider("steady-a"));
        Registrations.register(home, domain.provider("steady-b"));
        URI port = domain.node().virtualPortAddress("StockQuotePortType");

        List<Served> served = new CopyOnWriteArrayList<>();
        List<String> errors = new CopyOnWriteArrayList<>();
        List<Absence> absences = new ArrayList<>();
        AtomicBoolean churning = new AtomicBoolean(true);
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                runs.add(clients.submit(() -> {
                    while (churning.get()) {
                        long sent = System.nanoTime();
                        SoapReply reply = StockQuoteCalls.getQuote(port, "ACME");
                        long answered = System.nanoTime();
                        if (reply.status() == 200) {
                            served.add(new Served(sent, answered, StockQuoteCalls.servedBy(reply)));
                        } else {
                            errors.add(reply.text());
                        }
                    }
                }));
            }
            Map<String, Long> unregisteredAt = new ConcurrentHashMap<>();
            for (int round = 0; round < CHURN_ROUNDS; round++) {
                for (String name : List.of("churn-c", "churn-d")) {
                    long registering = System.nanoTime();
                    Long since = unregisteredAt.remove(name);
                    if (since != null) {
                        absences.add(new Absence(name, since, registering));
                    }
                    String id = Registrations.register(home, domain.provider(name)).getInstanceId();
                    Unregister unregister = new Unregister();
                    unregister.setInstanceId(id);
                    home.unregister(unregister);
                    unregisteredAt.put(name, System.nanoTime());
                }
            }
            unregisteredAt.forEach((name, since) -> absences.add(new Absence(name, since, Long.MAX_VALUE)));
            churning.set(false);
            for (Future<?> run : runs) {
                run.get(60, TimeUnit.SECONDS);
            }
        } finally {
            churning.set(false);
            clients.shutdownNow();
        }

        assertThat(errors).isEmpty();
        assertThat(served).hasSizeGreaterThan(CLIENTS * 10);
        // only a request wholly inside an absence proves a misroute: one answered after the next
        // register call started may have been looked up after that registration took effect
        List<Served> misrouted = served.stream().filter(s -> absences.stream().anyMatch(a ->
                a.provider().equals(s.provider()) && s.sentNanos() > a.fromNanos() && s.answeredNanos() < a.untilNanos()))
                .toList();
        assertThat(misrouted).isEmpty();
        List<InstanceInfo> filed = home.getServiceInfo(new GetServiceInfo()).getInstance();
        assertThat(filed).extracting(InstanceInfo::getEndpointAddress).containsExactlyInAnyOrder(
                domain.provider("steady-a").address().toString(), domain.provider("steady-b").address().toString());
    }
}
