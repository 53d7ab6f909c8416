package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.Register;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.network.ProviderNetworks;
import org.servicedomain.testsupport.NodeWithProviders;

/** Register cannot be used to scan the node's networks: denied networks stay unreached, and every failure reads the same. */
class SsrfTest {

    @RegisterExtension
    final NodeWithProviders loopbackNode = NodeWithProviders.stockQuotes("quote-a");

    @RegisterExtension
    final NodeWithProviders strictNode = NodeWithProviders.emptyFleet()
            .configured(c -> c.providerNetworks(ProviderNetworks.defaultFor(false)));

    @RegisterExtension
    final NodeWithProviders allowListNode = NodeWithProviders.emptyFleet()
            .configured(c -> c.providerNetworks(new ProviderNetworks(Networks.parse("10.0.0.0/8"), Networks.NONE)));

    @Test
    void probesOfClosedPortsMissingPagesAndNonWsdlContentAllAnswerTheSameFault() {
        java.net.URI provider = loopbackNode.provider("quote-a").address();
        List<String> probes = List.of("http://127.0.0.1:1/nothing?wsdl",
                "http://127.0.0.1:" + provider.getPort() + "/no-such-page?wsdl",
                loopbackNode.node().homeAddress().toString(), provider + "?wsdl&x=%ZZ");
        List<String> answers = new ArrayList<>();

        try (RecordedLog log = RecordedLog.ofNode()) {
            for (String probe : probes) {
                HomeFault fault = register(loopbackNode.node().home(), probe, null);
                assertThat(fault.getFaultInfo().getCode()).isEqualTo("WsdlUnreadable");
                answers.add(fault.getFaultInfo().getMessage().replace(probe, "LOCATION"));
            }
            assertThat(answers).containsOnly(answers.get(0));
            assertThat(answers.get(0)).doesNotContainIgnoringCase("refused").doesNotContain("404").doesNotContain("prolog");
            assertThat(log.lines()).anyMatch(line -> line.contains("127.0.0.1:1") && line.contains("Connection refused"));
        }
    }

    @Test
    void aNodeListeningBeyondLoopbackDoesNotFetchFromLoopbackOrLinkLocal() {
        String reachableWsdl = loopbackNode.provider("quote-a").wsdlAddress().toString();
        String unreachable = "http://127.0.0.1:1/nothing?wsdl";

        HomeFault loopbackProvider = register(strictNode.node().home(), reachableWsdl, null);
        HomeFault closedPort = register(strictNode.node().home(), unreachable, null);
        HomeFault metadata = register(strictNode.node().home(), "http://169.254.169.254/latest/meta-data/", null);

        assertThat(List.of(loopbackProvider, closedPort, metadata))
                .allSatisfy(f -> assertThat(f.getFaultInfo().getCode()).isEqualTo("WsdlUnreadable"));
        assertThat(loopbackProvider.getFaultInfo().getMessage().replace(reachableWsdl, "LOCATION"))
                .isEqualTo(closedPort.getFaultInfo().getMessage().replace(unreachable, "LOCATION"));
        assertThat(strictNode.node().home()).satisfies(home -> assertThat(instances(home)).isZero());
    }

    @Test
    void anEndpointAddressOnADeniedNetworkIsRefused() {
        String wsdl = loopbackNode.provider("quote-a").wsdlAddress().toString();

        HomeFault fault = register(loopbackNode.node().home(), wsdl, "http://169.254.169.254/latest/meta-data/");

        assertThat(fault.getFaultInfo().getCode()).isEqualTo("BadRequest");
        assertThat(instances(loopbackNode.node().home())).isZero();
    }

    @Test
    void anAllowListAdmitsOnlyItsNetworks() {
        HomeFault fault = register(allowListNode.node().home(), loopbackNode.provider("quote-a").wsdlAddress().toString(), null);

        assertThat(fault.getFaultInfo().getCode()).isEqualTo("WsdlUnreadable");
        assertThat(instances(allowListNode.node().home())).isZero();
    }

    @Test
    void aNodeListeningOnlyOnLoopbackRegistersLoopbackProvidersByDefault() throws Exception {
        assertThat(loopbackNode.registerAll()).hasSize(1);
    }

    private static HomeFault register(HomePortType home, String wsdlLocation, String endpointAddress) {
        Register request = new Register();
        request.setWsdlLocation(wsdlLocation);
        request.setEndpointAddress(endpointAddress);
        return catchThrowableOfType(HomeFault.class, () -> home.register(request));
    }

    private static int instances(HomePortType home) {
        try {
            return home.getServiceInfo(new org.servicedomain.home.v1.GetServiceInfo()).getInstance().size();
        } catch (HomeFault e) {
            throw new AssertionError(e);
        }
    }
}
