package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClient.DomainChange;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;

/** The domain information set at one member of a cluster is what every member serves, in getDomainInfo and in its WSDLs. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ClusterDomainInfoTest {

    @RegisterExtension
    static final ZooKeeperEnsemble ZOOKEEPER = new ZooKeeperEnsemble(1);

    @RegisterExtension
    final ProviderFleet providers = new ProviderFleet();

    @Test
    void whatOneMemberSetsIsServedByTheOtherAndByAMemberThatJoinsLater() throws Exception {
        List<RunningNode> members = ZOOKEEPER.startMembers("domain", 2);
        new DomainSetup(members.get(0).home()).provider(providers.startStockQuote("quote-a"), null);

        NodeClient.connect(members.get(0).baseUri()).setDomainInfo(
                new DomainChange("Quotes & more, cluster-wide", "ACME Markets", null, null, null));

        await().atMost(Duration.ofSeconds(10)).until(() ->
                "Quotes & more, cluster-wide".equals(NodeClient.connect(members.get(1).baseUri()).domainInfo().getDescription()));
        await().atMost(Duration.ofSeconds(10)).until(() -> SoapExchange.get(members.get(1).virtualPortWsdl("StockQuotePortType"))
                .text().contains("Quotes &amp; more, cluster-wide\nOwner: ACME Markets</"));
        RunningNode later = ZOOKEEPER.startMember(0, UnaryOperator.identity());
        assertThat(NodeClient.connect(later.baseUri()).domainInfo().getOwner()).isEqualTo("ACME Markets");
    }
}
