package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.wsdl.Definition;
import javax.wsdl.Port;
import javax.wsdl.Service;
import javax.wsdl.extensions.soap.SOAPAddress;
import javax.wsdl.factory.WSDLFactory;
import javax.wsdl.xml.WSDLReader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.VirtualPortInfo;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;

/** The domain WSDL in one document ({@code ?wsdl&flat}), for clients that do not follow wsdl:import. */
class FlatDomainWsdlTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a");

    @BeforeEach
    void registerTwoPortTypes() throws Exception {
        domain.providers().start(ProviderOptions.of(SampleService.CREDITCHECK, "credit-a"));
        domain.registerAll();
    }

    @Test
    void theFlatDomainWsdlIsOneDocumentWithEveryVirtualPortsServiceAtItsAddress() throws Exception {
        List<VirtualPortInfo> ports = domain.node().home().getServiceInfo(new GetServiceInfo()).getVirtualPort();
        assertThat(ports).hasSize(2);

        SoapReply reply = SoapExchange.get(URI.create(domain.node().baseUri() + "/services/domain?wsdl&flat"));
        assertThat(reply.status()).isEqualTo(200);
        WSDLReader reader = WSDLFactory.newInstance().newWSDLReader();
        reader.setFeature("javax.wsdl.importDocuments", false);
        Definition flat = reader.readWSDL(null, reply.parse());

        assertThat(flat.getImports()).isEmpty();
        assertThat(reply.parse().getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/", "import").getLength()).isZero();
        Map<String, String> addresses = ((Map<?, ?>) flat.getAllServices()).values().stream().map(Service.class::cast)
                .flatMap(s -> ((Map<?, ?>) s.getPorts()).values().stream().map(Port.class::cast))
                .collect(Collectors.toMap(p -> p.getBinding().getPortType().getQName().getLocalPart(), FlatDomainWsdlTest::address));
        assertThat(addresses).hasSize(ports.size());
        for (VirtualPortInfo port : ports) {
            assertThat(addresses).containsEntry(port.getPortType().getLocalPart(), port.getAddress());
        }
        for (Object b : flat.getAllBindings().values()) {
            javax.wsdl.Binding binding = (javax.wsdl.Binding) b;
            assertThat(binding.getPortType().isUndefined()).as(binding.getQName().toString()).isFalse();
            assertThat(binding.getPortType().getOperations()).isNotEmpty();
        }
        Set<String> declaredTypes = Set.copyOf(flat.getTypes().getExtensibilityElements().stream()
                .map(e -> ((javax.wsdl.extensions.schema.Schema) e).getElement().getAttribute("targetNamespace")).toList());
        assertThat(declaredTypes).hasSizeGreaterThanOrEqualTo(2);
    }

    @Test
    void thePlainDomainWsdlStillImportsEachVirtualPort() {
        SoapReply reply = SoapExchange.get(URI.create(domain.node().baseUri() + "/services/domain?wsdl"));
        assertThat(reply.parse().getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/", "import").getLength()).isEqualTo(2);
    }

    private static String address(Port port) {
        return ((List<?>) port.getExtensibilityElements()).stream().filter(SOAPAddress.class::isInstance)
                .map(e -> ((SOAPAddress) e).getLocationURI()).findFirst().orElse(null);
    }
}
