package org.servicedomain.node.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NetworksTest {

    @Test
    void aCidrBlockContainsTheAddressesUnderItsPrefix() {
        Networks networks = Networks.parse("10.0.0.0/8, 192.168.1.0/25 fd00::/8");

        assertThat(networks.containsLiteral("10.200.3.4")).isTrue();
        assertThat(networks.containsLiteral("192.168.1.127")).isTrue();
        assertThat(networks.containsLiteral("192.168.1.128")).isFalse();
        assertThat(networks.containsLiteral("fd12::1")).isTrue();
        assertThat(networks.containsLiteral("11.0.0.1")).isFalse();
    }

    @Test
    void anIpv4MappedIpv6AddressCountsAsItsIpv4Address() {
        assertThat(Networks.LOOPBACK.containsLiteral("::ffff:127.0.0.1")).isTrue();
    }

    @Test
    void aHostNameIsNeitherANetworkNorLookedUp() {
        assertThatThrownBy(() -> Networks.parse("localhost")).hasMessageContaining("IP address or CIDR block");
        assertThat(Networks.LOOPBACK.containsLiteral("localhost")).isFalse();
    }

    @Test
    void aPrefixLongerThanTheAddressIsRefused() {
        assertThatThrownBy(() -> Networks.parse("10.0.0.0/33")).hasMessageContaining("between 0 and 32 but was 33");
    }

    @Test
    void theDefaultDeniesLoopbackAndLinkLocalUnlessTheNodeListensOnlyOnLoopback() {
        ProviderNetworks everywhere = ProviderNetworks.defaultFor(false);
        ProviderNetworks loopbackOnly = ProviderNetworks.defaultFor(true);

        assertThat(everywhere.permits(Networks.literal("127.0.0.1"))).isFalse();
        assertThat(everywhere.permits(Networks.literal("0.0.0.0"))).isFalse();
        assertThat(everywhere.permits(Networks.literal("169.254.169.254"))).isFalse();
        assertThat(everywhere.permits(Networks.literal("203.0.113.9"))).isTrue();
        assertThat(loopbackOnly.permits(Networks.literal("127.0.0.1"))).isTrue();
        assertThat(loopbackOnly.permits(Networks.literal("169.254.169.254"))).isFalse();
    }

    @Test
    void anAllowedAddressWinsOverTheDenyListAndAnAllowListExcludesTheRest() {
        ProviderNetworks networks = ProviderNetworks.of("127.0.0.1, 10.0.0.0/8", null, false);

        assertThat(networks.permits(Networks.literal("127.0.0.1"))).isTrue();
        assertThat(networks.permits(Networks.literal("127.0.0.2"))).isFalse();
        assertThat(networks.permits(Networks.literal("10.1.1.1"))).isTrue();
        assertThat(networks.permits(Networks.literal("203.0.113.9"))).isFalse();
    }
}
