package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;

/** Instances carry a readable name: the one registered, else a name attribute, else their WSDL service's name. */
class InstanceNamesTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b");

    @Test
    void aRegisteredNameIsKeptAcrossReRegistrationAndARestartAndCanBeChangedOrRemoved() {
        NodeClient admin = NodeClient.connect(domain.node().baseUri());
        SampleProvider a = domain.provider("quote-a");
        String id = admin.register(a.wsdlAddress().toString(), "Acme quotes", null, null, Map.of()).get(0).getInstanceId();

        admin.register(a.wsdlAddress().toString(), null, null, Map.of());
        domain.node().restart();

        assertThat(nameOf(admin, id)).isEqualTo("Acme quotes");
        assertThat(admin.rename(id, "Acme quotes (Frankfurt)").getName()).isEqualTo("Acme quotes (Frankfurt)");
        assertThat(admin.rename(id, "").getName()).as("the WSDL's service name").isEqualTo("StockQuoteService");
    }

    @Test
    void withoutARegisteredNameANameAttributeOrElseTheWsdlServiceNameIsShown() {
        NodeClient admin = NodeClient.connect(domain.node().baseUri());
        SampleProvider a = domain.provider("quote-a");
        SampleProvider b = domain.provider("quote-b");
        String legacy = admin.register(a.wsdlAddress().toString(), null, null, Map.of("name", "quote-a")).get(0).getInstanceId();
        String plain = admin.register(b.wsdlAddress().toString(), null, null, Map.of()).get(0).getInstanceId();

        assertThat(nameOf(admin, legacy)).isEqualTo("quote-a");
        assertThat(nameOf(admin, plain)).isEqualTo("StockQuoteService");
    }

    @Test
    void aProviderNamesItsOwnInstanceWithoutItBeingAClaim() {
        NodeClient anonymous = NodeClient.connect(domain.node().baseUri());
        anonymous.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        NodeClient root = anonymous.withSession(anonymous.login("root", "root-pw").sessionId());
        root.setUser(new NodeClient.UserEntry("alice", "alice-pw", "supplier", List.of(), List.of("provider")));
        NodeClient alice = anonymous.withSession(anonymous.login("alice", "alice-pw").sessionId());

        String id = alice.register(domain.provider("quote-a").wsdlAddress().toString(), "Alice's quotes", null, null, Map.of())
                .get(0).getInstanceId();

        InstanceInfo info = root.getServiceInfo().getInstance().stream().filter(i -> i.getInstanceId().equals(id)).findFirst().orElseThrow();
        assertThat(info.getName()).isEqualTo("Alice's quotes");
        assertThat(info.getAttribute()).noneMatch(attribute -> attribute.getName().startsWith("sd.claimed."));
    }

    private static String nameOf(NodeClient client, String instanceId) {
        return client.getServiceInfo().getInstance().stream().filter(i -> i.getInstanceId().equals(instanceId))
                .map(InstanceInfo::getName).findFirst().orElseThrow();
    }
}
