package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.InstanceSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Issue 27, item 5: made-up session ids of a member's form, sent anonymously while ZooKeeper is out
 * of reach, must not hold the event loops (they used to block each loop ~40 s on a ZooKeeper read):
 * the attack is refused quickly and other callers on both entries keep being served.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SessionLookupWithoutZooKeeperTest {

    @RegisterExtension
    static final ZooKeeperEnsemble ZOOKEEPER = new ZooKeeperEnsemble(3);

    /** How long a call may take here and still count as prompt: far less than a blocked ZooKeeper read (~40 s). */
    private static final long PROMPT_SECONDS = 10;
    private static final int ATTACKS = 20;
    private static final SecureRandom RANDOM = new SecureRandom();

    private RunningNode node1;
    private RunningNode node2;
    private ProviderFleet providers;
    private final ExecutorService callers = Executors.newCachedThreadPool();

    @BeforeEach
    void twoMembersWithAProvider() throws Exception {
        List<RunningNode> members = ZOOKEEPER.startMembers("lookups", 2);
        node1 = members.get(0);
        node2 = members.get(1);
        providers = ProviderFleet.stockQuotes("quote-a");
        new DomainSetup(node1.home()).provider(providers.named("quote-a"), null);
        new DomainSetup(node1.home()).user("joe", "joe-pw", "gold");
        await().atMost(Duration.ofSeconds(5)).until(() ->
                StockQuoteCalls.getQuote(node1.virtualPortAddress("StockQuotePortType"), "ACME").status() == 200);
    }

    @AfterEach
    void stopCallers() {
        callers.shutdownNow();
        providers.close();
    }

    @Test
    void madeUpSessionIdsWhileZooKeeperIsDownDoNotStallOtherCallers() throws Exception {
        String openedElsewhere = new DomainSetup(node2.home()).login("joe", "joe-pw");
        URI relay = node1.virtualPortAddress("StockQuotePortType");
        URI servlet = node1.servletPortAddress("StockQuotePortType");
        await().atMost(Duration.ofSeconds(5)).until(() -> StockQuoteCalls.getQuote(relay, "ACME", openedElsewhere).status() == 200);
        List<InstanceSpec> servers = List.copyOf(ZOOKEEPER.servers().getInstances());
        try {
            for (InstanceSpec server : servers) {
                ZOOKEEPER.servers().killServer(server);
            }

            List<CompletableFuture<SoapReply>> attack = attack(relay, servlet);
            for (int round = 0; round < 3; round++) {
                assertServedPromptly(relay, null, "an anonymous call on the relay");
                assertServedPromptly(servlet, null, "an anonymous call on the servlet entry");
                assertServedPromptly(relay, openedElsewhere, "a call in a session another member opened before the outage");
            }
            assertRefusedPromptly(attack);

            List<CompletableFuture<SoapReply>> again = attack(relay, servlet);
            assertServedPromptly(relay, null, "an anonymous call on the relay during a second wave");
            assertRefusedPromptly(again);
        } finally {
            for (InstanceSpec server : servers) {
                ZOOKEEPER.servers().restartServer(server);
            }
        }
    }

    /** {@value #ATTACKS} calls at once, each with a fresh made-up id of another member's form, on both entries. */
    private List<CompletableFuture<SoapReply>> attack(URI relay, URI servlet) {
        List<CompletableFuture<SoapReply>> calls = new ArrayList<>();
        for (int i = 0; i < ATTACKS; i++) {
            URI entry = i % 2 == 0 ? relay : servlet;
            String madeUp = "node-0badc0de:" + randomIdPart();
            calls.add(CompletableFuture.supplyAsync(() -> StockQuoteCalls.getQuote(entry, "ACME", madeUp), callers));
        }
        return calls;
    }

    private void assertServedPromptly(URI address, String session, String what) throws Exception {
        SoapReply reply = CompletableFuture.supplyAsync(() -> StockQuoteCalls.getQuote(address, "ACME", session), callers)
                .get(PROMPT_SECONDS, TimeUnit.SECONDS);
        assertThat(reply.status()).as(what).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(reply)).as(what).isEqualTo("quote-a");
    }

    private static void assertRefusedPromptly(List<CompletableFuture<SoapReply>> attack) throws Exception {
        for (CompletableFuture<SoapReply> call : attack) {
            SoapReply reply = call.get(PROMPT_SECONDS, TimeUnit.SECONDS);
            assertThat(reply.status()).isEqualTo(500);
            assertThat(reply.faultCode()).contains("NotAuthorized");
        }
    }

    private static String randomIdPart() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
