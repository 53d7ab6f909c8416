package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.home.v1.Attribute;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Joe's purchases go only to his banks (samples/policies/joe-designated.xml). A provider that claims
 * to be his bank does not receive them: attributes that rules use are the administrator's to set.
 */
class RoutingTrustTest {

    private static final String POLICY = """
            <policy xmlns="urn:sd:policy:1">
              %s
              <virtualPort name="StockQuotePortType" anonymous="false">
                <rule operation="buy" directive="designated" attribute="bank"/>
                <selection directive="round-robin"/>
              </virtualPort>
            </policy>
            """;

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("bank-a", "mallory");

    private NodeClient root;
    private NodeClient alice;
    private NodeClient mallory;
    private String joe;

    @BeforeEach
    void anAdministratorTwoProvidersAndJoe() {
        NodeClient anonymous = NodeClient.connect(domain.node().baseUri());
        anonymous.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        root = anonymous.withSession(anonymous.login("root", "root-pw").sessionId());
        root.setUser(new NodeClient.UserEntry("alice", "alice-pw", "supplier", List.of(), List.of("provider")));
        root.setUser(new NodeClient.UserEntry("mallory", "mallory-pw", "supplier", List.of(), List.of("provider")));
        root.setUser(new NodeClient.UserEntry("joe", "joe-pw", "customer", List.of("A", "B"), List.of("user")));
        alice = anonymous.withSession(anonymous.login("alice", "alice-pw").sessionId());
        mallory = anonymous.withSession(anonymous.login("mallory", "mallory-pw").sessionId());
        joe = anonymous.login("joe", "joe-pw").sessionId();
    }

    @Test
    void aProvidersClaimToBeJoesBankDoesNotBringItJoesPurchases() {
        String bankA = alice.register(wsdl("bank-a"), null, null, Map.of("bank", "A")).get(0).getInstanceId();
        root.setServiceInfo(bankA, null, null, Map.of("bank", "A")); // the administrator vouches for alice
        root.setPolicy(POLICY.formatted(""));
        String claimed = mallory.register(wsdl("mallory"), "Gold", null, Map.of("bank", "A")).get(0).getInstanceId();
        mallory.setServiceInfo(claimed, null, null, Map.of("bank", "B"));

        Set<String> purchases = purchases();

        assertThat(purchases).containsExactly("bank-a");
        assertThat(domain.provider("mallory").requestsReceived()).isZero();
        InstanceInfo malloryInstance = instance(claimed);
        assertThat(attributes(malloryInstance)).doesNotContainKey("bank")
                .containsEntry("sd.claimed.bank", "B").containsEntry("sd.claimed.supplierLevel", "Gold");
        assertThat(malloryInstance.getSupplierLevel()).isEmpty();
    }

    @Test
    void anAdministratorSetsTheAttributeAProviderClaimed() {
        String claimed = mallory.register(wsdl("mallory"), null, null, Map.of("bank", "A")).get(0).getInstanceId();
        root.setPolicy(POLICY.formatted(""));

        root.setServiceInfo(claimed, null, null, Map.of("bank", "A"));
        mallory.register(wsdl("mallory"), null, null, Map.of("bank", "Z")); // re-registering keeps what the administrator set

        assertThat(purchases()).containsExactly("mallory");
        assertThat(attributes(instance(claimed))).containsEntry("bank", "A").containsEntry("sd.claimed.bank", "Z");
    }

    @Test
    void aPolicyThatTrustsProviderClaimsLetsThemCount() {
        root.register(wsdl("bank-a"), null, null, Map.of()); // no bank: not Joe's
        root.setPolicy(POLICY.formatted("<settings trustProviderClaims=\"true\"/>"));

        mallory.register(wsdl("mallory"), "Gold", null, Map.of("bank", "A"));

        assertThat(purchases()).containsExactly("mallory");
    }

    private Set<String> purchases() {
        URI port = domain.node().virtualPortAddress("StockQuotePortType");
        Set<String> servedBy = new HashSet<>();
        for (int i = 0; i < 6; i++) {
            servedBy.add(StockQuoteCalls.servedBy(StockQuoteCalls.buy(port, "ACME", 1, joe)));
        }
        return servedBy;
    }

    private InstanceInfo instance(String id) {
        return root.getServiceInfo().getInstance().stream().filter(i -> i.getInstanceId().equals(id)).findFirst().orElseThrow();
    }

    private static Map<String, String> attributes(InstanceInfo instance) {
        Map<String, String> map = new java.util.HashMap<>();
        for (Attribute a : instance.getAttribute()) {
            map.put(a.getName(), a.getValue());
        }
        return map;
    }

    private String wsdl(String provider) {
        return domain.provider(provider).wsdlAddress().toString();
    }
}
