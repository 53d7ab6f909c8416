package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.Register;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.network.ProviderNetworks;
import org.servicedomain.testsupport.NodeWithProviders;

/**
 * Register cannot be used to scan the node's networks: denied networks stay unreached, and every failure reads the
 * same to a provider (an administrator, who sets the networks, is told the cause).
 */
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
    void probesOfClosedPortsMissingPagesAndNonWsdlContentAllAnswerAProviderTheSameFault() {
        java.net.URI provider = loopbackNode.provider("quote-a").address();
        List<String> probes = List.of("http://127.0.0.1:1/nothing?wsdl",
                "http://127.0.0.1:" + provider.getPort() + "/no-such-page?wsdl",
                loopbackNode.node().homeAddress().toString(), provider + "?wsdl&x=%ZZ");
        NodeClient aProvider = signedInProvider(loopbackNode);
        List<String> answers = new ArrayList<>();

        try (RecordedLog log = RecordedLog.ofNode()) {
            for (String probe : probes) {
                answers.add(refusal(aProvider, probe).replace(probe, "LOCATION"));
            }
            assertThat(answers).containsOnly(answers.get(0));
            assertThat(answers.get(0)).doesNotContainIgnoringCase("refused").doesNotContain("404").doesNotContain("prolog");
            assertThat(log.lines()).anyMatch(line -> line.contains("127.0.0.1:1") && line.contains("refused"));
        }
    }

    @Test
    void aNodeListeningBeyondLoopbackDoesNotFetchFromLoopbackOrLinkLocal() {
        String reachableWsdl = loopbackNode.provider("quote-a").wsdlAddress().toString();
        String unreachable = "http://127.0.0.1:1/nothing?wsdl";
        NodeClient aProvider = signedInProvider(strictNode);

        String loopbackProvider = refusal(aProvider, reachableWsdl);
        String closedPort = refusal(aProvider, unreachable);
        String metadata = refusal(aProvider, "http://169.254.169.254/latest/meta-data/");

        assertThat(loopbackProvider.replace(reachableWsdl, "LOCATION"))
                .isEqualTo(closedPort.replace(unreachable, "LOCATION"));
        assertThat(metadata).doesNotContain("resolves");
        assertThat(aProvider.getServiceInfo().getInstance()).isEmpty();
    }

    @Test
    void anAdministratorIsToldThatTheNetworkIsDenied() {
        String metadata = "http://169.254.169.254/latest/meta-data/";

        HomeFault fault = register(strictNode.node().home(), metadata, null);

        assertThat(fault.getFaultInfo().getCode()).isEqualTo("WsdlUnreadable");
        assertThat(fault.getFaultInfo().getMessage()).contains("169.254.169.254").contains("networks the node does not reach");
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

    /** A client signed in as a provider of {@code fixture}'s node, which then has an administrator too. */
    private static NodeClient signedInProvider(NodeWithProviders fixture) {
        NodeClient open = NodeClient.connect(fixture.node().baseUri());
        open.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        NodeClient root = open.withSession(open.login("root", "root-pw").sessionId());
        root.setUser(new NodeClient.UserEntry("alice", "alice-pw", "supplier", List.of(), List.of("provider")));
        return open.withSession(open.login("alice", "alice-pw").sessionId());
    }

    private static String refusal(NodeClient caller, String wsdlLocation) {
        NodeClientException e = catchThrowableOfType(NodeClientException.class,
                () -> caller.register(wsdlLocation, null, null, java.util.Map.of()));
        assertThat(e.code()).isEqualTo("WsdlUnreadable");
        return e.getMessage();
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
