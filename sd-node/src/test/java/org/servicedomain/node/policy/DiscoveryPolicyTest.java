package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.policy.TestPolicies.compile;
import static org.servicedomain.node.policy.TestPolicies.refusal;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The policy's discovery element: which announced providers are registered, and in which supplier level. */
class DiscoveryPolicyTest {

    private static final String SALES = "http://example.org/sd/sales";

    private static String policy(String levels, String discovery) {
        return "<policy xmlns=\"urn:sd:policy:1\">\n" + levels + "\n" + discovery + "\n</policy>";
    }

    private static boolean prefix(String rule, String scope) {
        return scope.startsWith(rule);
    }

    @Test
    void aPolicyWithoutADiscoveryElementAdmitsNobody() throws Exception {
        DiscoveryRule rule = compile(policy("", "")).discovery();

        assertThat(rule).isEqualTo(DiscoveryRule.NONE);
        assertThat(rule.admit(InetAddress.getByName("127.0.0.1"), List.of(SALES), DiscoveryPolicyTest::prefix)).isNull();
    }

    @Test
    void admitsByScopeAndNetworkAndGivesTheFirstMatchingAdmitsLevel() throws Exception {
        DiscoveryRule rule = compile(policy(
                "<serviceLevels><supplierLevel name=\"gold\"/><supplierLevel name=\"bronze\"/></serviceLevels>",
                "<discovery maxHellosPerSecond=\"5\">"
                        + "<admit scope=\"" + SALES + "\" networks=\"10.1.0.0/16\" supplierLevel=\"gold\"/>"
                        + "<admit networks=\"10.0.0.0/8, 192.168.1.0/24\" supplierLevel=\"bronze\"/>"
                        + "</discovery>")).discovery();
        InetAddress inSales = InetAddress.getByName("10.1.2.3");

        assertThat(rule.maxHellosPerSecond()).isEqualTo(5);
        assertThat(rule.admit(inSales, List.of(SALES + "/eu"), DiscoveryPolicyTest::prefix).supplierLevel()).isEqualTo("gold");
        assertThat(rule.admit(inSales, List.of("http://example.org/sd/hr"), DiscoveryPolicyTest::prefix).supplierLevel())
                .isEqualTo("bronze");
        assertThat(rule.admit(InetAddress.getByName("192.168.1.9"), List.of(), DiscoveryPolicyTest::prefix).supplierLevel())
                .isEqualTo("bronze");
        assertThat(rule.admit(InetAddress.getByName("172.16.0.1"), List.of(SALES), DiscoveryPolicyTest::prefix)).isNull();
    }

    @Test
    void theTokenBucketDefaultsToTwentyASecond() {
        assertThat(compile(policy("", "<discovery><admit networks=\"127.0.0.0/8\"/></discovery>")).discovery()
                .maxHellosPerSecond()).isEqualTo(DiscoveryRule.DEFAULT_MAX_HELLOS_PER_SECOND);
    }

    @Test
    void refusesAnUndeclaredSupplierLevel() {
        InvalidPolicyException e = refusal(policy("<serviceLevels><supplierLevel name=\"gold\"/></serviceLevels>",
                "<discovery><admit networks=\"127.0.0.0/8\" supplierLevel=\"silver\"/></discovery>"));

        assertThat(e).hasMessageContaining("supplier level 'silver'").hasMessageContaining("gold");
        assertThat(e.line()).isEqualTo(3);
    }

    @Test
    void refusesANetworkThatIsNotCidr() {
        InvalidPolicyException e = refusal(policy("", "<discovery><admit networks=\"somewhere\"/></discovery>"));

        assertThat(e).hasMessageContaining("admit networks");
    }

    @Test
    void refusesAnAdmitWithoutNetworks() {
        assertThat(refusal(policy("", "<discovery><admit scope=\"" + SALES + "\"/></discovery>"))).isNotNull();
    }
}
