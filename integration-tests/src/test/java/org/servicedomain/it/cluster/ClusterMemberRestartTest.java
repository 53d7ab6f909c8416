package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.Logout;
import org.servicedomain.node.cluster.MemberIdentity;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * A member restarted over its data directory on a real ZooKeeper server (docs/cluster.md, "What lives
 * where"): it is the same member, so the ids it prefixed stay valid and it serves the sessions it opened.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ClusterMemberRestartTest {

    @RegisterExtension
    static final ZooKeeperEnsemble ZOOKEEPER = new ZooKeeperEnsemble(1);
    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final ProviderFleet providers = new ProviderFleet();

    @Test
    void aMemberRestartedOverItsDataDirectoryKeepsItsIdAndServesTheSessionsItOpenedBefore() throws Exception {
        List<RunningNode> members = ZOOKEEPER.startMembers("restart", 2);
        RunningNode node1 = members.get(0);
        RunningNode node2 = members.get(1);
        new DomainSetup(node1.home()).provider(providers.startStockQuote("quote-a"), null);
        new DomainSetup(node1.home()).user("joe", "joe-pw", "gold");
        String memberBefore = node1.loadReport().cluster().member();
        String session = new DomainSetup(node1.home()).login("joe", "joe-pw");
        assertThat(session).startsWith(memberBefore + ":");
        assertThat(node1.config().dataDir().resolve(MemberIdentity.FILE)).content().contains(memberBefore);
        await().atMost(Duration.ofSeconds(5)).until(() ->
                StockQuoteCalls.getQuote(node1.virtualPortAddress(PORT), "ACME", session).status() == 200);

        node1.restart();

        assertThat(node1.loadReport().cluster().member()).as("the id kept in the data directory").isEqualTo(memberBefore);
        assertThat(StockQuoteCalls.getQuote(node1.virtualPortAddress(PORT), "ACME", session).status())
                .as("the session opened before the restart, at the member that opened it").isEqualTo(200);
        assertThat(StockQuoteCalls.getQuote(node2.virtualPortAddress(PORT), "ACME", session).status())
                .as("and at the other member").isEqualTo(200);
        assertThat(new DomainSetup(node1.home()).login("joe", "joe-pw")).as("new sessions name the same member")
                .startsWith(memberBefore + ":");

        Logout logout = new Logout();
        logout.setSessionId(session);
        node2.home().logout(logout);
        await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(20)).until(() ->
                StockQuoteCalls.getQuote(node1.virtualPortAddress(PORT), "ACME", session).text()
                        .contains("unknown or expired session"));
    }

    @Test
    void membersWithDataDirectoriesOfTheirOwnHaveIdsOfTheirOwn() {
        List<RunningNode> members = ZOOKEEPER.startMembers("restart", 2);

        assertThat(members.get(0).loadReport().cluster().member())
                .matches("node-[0-9a-f]{8}")
                .isNotEqualTo(members.get(1).loadReport().cluster().member());
    }
}
