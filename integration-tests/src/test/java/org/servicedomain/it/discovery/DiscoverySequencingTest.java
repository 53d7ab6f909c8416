package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.DiscoveryProbe;
import org.servicedomain.client.discovery.Target;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.testsupport.DiscoveryNodes;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.w3c.dom.Element;

/**
 * WS-Discovery 1.1's Application Sequencing and the Hello's MetadataVersion: a virtual port's version never goes back
 * when it leaves and returns or the node restarts, and every start has a higher InstanceId, even
 * within one second.
 */
class DiscoverySequencingTest {

    private static final QName QUOTE = DiscoveryNodes.QUOTE;

    @TempDir
    Path dir;

    private DiscoveryNodes nodes;
    private LoopbackDiscovery discovery;
    private RunningNode node;
    private ProviderFleet providers;

    @BeforeEach
    void managedNode() throws Exception {
        nodes = DiscoveryNodes.withStockQuotes("quote-1");
        discovery = nodes.discovery();
        providers = nodes.providers();
        node = nodes.node(dir);
        node.startDiscovery(discovery.node(DiscoveryMode.MANAGED));
    }

    @AfterEach
    void stop() {
        nodes.close();
    }

    private Target probed() throws java.io.IOException {
        List<Target> found = probe();
        assertThat(found).hasSize(1);
        return found.get(0);
    }

    private List<Target> probe() throws java.io.IOException {
        return DiscoveryNodes.proxyProbe(node, Duration.ofSeconds(2), WsDiscoveryVersion.V11).probe(List.of(QUOTE), List.of());
    }

    @Test
    void aPortThatLeavesAndReturnsComesBackWithAHigherMetadataVersion() throws Exception {
        Registration registration = new DomainSetup(node.home()).provider(providers.named("quote-1"), null);
        long first = probed().metadataVersion();
        Unregister unregister = new Unregister();
        unregister.setInstanceId(registration.getInstanceId());
        node.home().unregister(unregister);
        assertThat(probe()).as("gone as soon as its last instance is").isEmpty();

        new DomainSetup(node.home()).provider(providers.named("quote-1"), null);

        assertThat(probed().metadataVersion()).isGreaterThan(first);
    }

    @Test
    void aRestartedNodeHasAHigherInstanceIdAndMetadataVersionEvenWithinOneSecond() throws Exception {
        new DomainSetup(node.home()).provider(providers.named("quote-1"), null);
        long versionBefore = probed().metadataVersion();
        long instanceBefore = instanceId();

        node.restart();
        node.startDiscovery(discovery.node(DiscoveryMode.MANAGED));

        assertThat(probed().metadataVersion()).isGreaterThan(versionBefore);
        assertThat(instanceId()).isGreaterThan(instanceBefore);
        node.restart();
        node.startDiscovery(discovery.node(DiscoveryMode.MANAGED));
        long third = instanceId();
        assertThat(third).isGreaterThan(instanceBefore + 1);
    }

    /** The InstanceId of the node's AppSequence, from its answer to a Probe over HTTP. */
    private long instanceId() throws Exception {
        WsDiscoveryVersion v = WsDiscoveryVersion.V11;
        String probe = "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"" + v.addressing()
                + "\" xmlns:d=\"" + v.namespace() + "\"><s:Header><a:Action>" + v.namespace() + "/Probe</a:Action>"
                + "<a:MessageID>urn:uuid:" + UUID.randomUUID() + "</a:MessageID><a:To>" + v.to() + "</a:To></s:Header>"
                + "<s:Body><d:Probe/></s:Body></s:Envelope>";
        byte[] answer = SoapExchange.post(LoopbackDiscovery.proxyOf(node.baseUri()), "application/soap+xml; charset=UTF-8",
                null, probe.getBytes(StandardCharsets.UTF_8)).body();
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Element sequence = (Element) factory.newDocumentBuilder().parse(new ByteArrayInputStream(answer))
                .getElementsByTagNameNS(v.namespace(), "AppSequence").item(0);
        return Long.parseLong(sequence.getAttribute("InstanceId"));
    }
}
