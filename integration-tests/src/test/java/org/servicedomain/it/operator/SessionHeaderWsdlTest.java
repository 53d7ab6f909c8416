package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javax.wsdl.Binding;
import javax.wsdl.BindingOperation;
import javax.wsdl.Definition;
import javax.wsdl.Message;
import javax.wsdl.Part;
import javax.wsdl.extensions.schema.Schema;
import javax.wsdl.extensions.soap.SOAPHeader;
import javax.wsdl.extensions.soap12.SOAP12Header;
import javax.wsdl.factory.WSDLFactory;
import javax.wsdl.xml.WSDLReader;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.w3c.dom.Element;

/**
 * A virtual port whose policy refuses anonymous calls declares the {@code sd:session} header in its
 * WSDL's binding, so generated clients offer it; a port open to anonymous callers declares none.
 * Read with a real WSDL parser (wsdl4j), as client generators read it.
 */
class SessionHeaderWsdlTest {

    private static final QName SESSION = new QName("urn:sd:home:1", "session");
    private static final String QUOTES = "StockQuotePortType";
    private static final String BLAST = "BlastPortType";
    private static final String POLICY = """
            <policy xmlns="urn:sd:policy:1">
              <serviceLevels><userLevel name="customer"/></serviceLevels>
              <package name="quotes" userLevels="customer"><grant virtualPort="StockQuotePortType"/></package>
            </policy>
            """;

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a");

    @RegisterExtension
    final NodeWithProviders soap12Domain = NodeWithProviders.emptyFleet();

    @BeforeEach
    void aQuotePortAndABlastPort() throws Exception {
        domain.registerAll();
        domain.blastServer("blast-a", null, "db1");
    }

    @Test
    void aPortThatNeedsASessionDeclaresTheSessionHeaderOnEveryOperationsInput() throws Exception {
        assertThat(sessionHeaders(read(QUOTES))).as("before the policy, anonymous calls are allowed").isEmpty();
        new DomainSetup(domain.node().home()).policy(POLICY);

        Definition wsdl = read(QUOTES);

        Binding binding = onlyBinding(wsdl);
        assertThat(binding.getBindingOperations()).isNotEmpty();
        for (Object o : binding.getBindingOperations()) {
            BindingOperation operation = (BindingOperation) o;
            List<SOAPHeader> headers = headersOf(operation);
            assertThat(headers).as(operation.getName()).hasSize(1);
            SOAPHeader header = headers.get(0);
            assertThat(header.getUse()).isEqualTo("literal");
            Message message = wsdl.getMessage(header.getMessage());
            assertThat(message).as("the header's message is defined").isNotNull();
            Part part = message.getPart(header.getPart());
            assertThat(part).as("the header's part is defined").isNotNull();
            assertThat(part.getElementName()).isEqualTo(SESSION);
        }
        assertThat(schemaElements(wsdl, SESSION.getNamespaceURI())).contains(SESSION.getLocalPart());
    }

    @Test
    void aSoap12PortDeclaresItWithTheSoap12Header() throws Exception {
        SampleProvider provider = soap12Domain.providers().start(ProviderOptions.builder(SampleService.STOCKQUOTE, "quote12-a")
                .soap12(true).build());
        String port = Registrations.register(soap12Domain.node().home(), provider).getVirtualPort();
        new DomainSetup(soap12Domain.node().home()).policy(POLICY);

        Definition wsdl = read(soap12Domain, port);

        for (Object o : onlyBinding(wsdl).getBindingOperations()) {
            BindingOperation operation = (BindingOperation) o;
            List<SOAP12Header> headers = operation.getBindingInput().getExtensibilityElements().stream()
                    .filter(SOAP12Header.class::isInstance).map(SOAP12Header.class::cast).toList();
            assertThat(headers).as(operation.getName()).hasSize(1);
            Part part = wsdl.getMessage(headers.get(0).getMessage()).getPart(headers.get(0).getPart());
            assertThat(part.getElementName()).isEqualTo(SESSION);
        }
        assertThat(headersOf((BindingOperation) onlyBinding(wsdl).getBindingOperations().get(0))).isEmpty();
    }

    @Test
    void aPortOpenToAnonymousCallersDeclaresNoHeader() throws Exception {
        new DomainSetup(domain.node().home()).policy(POLICY);

        assertThat(sessionHeaders(read(BLAST))).isEmpty();
        assertThat(schemaElements(read(BLAST), SESSION.getNamespaceURI())).isEmpty();
    }

    private Definition read(String port) throws Exception {
        return read(domain, port);
    }

    private static Definition read(NodeWithProviders fixture, String port) throws Exception {
        WSDLReader reader = WSDLFactory.newInstance().newWSDLReader();
        reader.setFeature("javax.wsdl.verbose", false);
        reader.setFeature("javax.wsdl.importDocuments", false);
        return reader.readWSDL(fixture.node().virtualPortWsdl(port).toString());
    }

    private static Binding onlyBinding(Definition wsdl) {
        assertThat(wsdl.getBindings()).hasSize(1);
        return (Binding) wsdl.getBindings().values().iterator().next();
    }

    private static List<SOAPHeader> sessionHeaders(Definition wsdl) {
        List<SOAPHeader> headers = new ArrayList<>();
        for (Object o : onlyBinding(wsdl).getBindingOperations()) {
            headers.addAll(headersOf((BindingOperation) o));
        }
        return headers;
    }

    private static List<SOAPHeader> headersOf(BindingOperation operation) {
        List<SOAPHeader> headers = new ArrayList<>();
        for (Object e : operation.getBindingInput().getExtensibilityElements()) {
            if (e instanceof SOAPHeader header) {
                headers.add(header);
            }
        }
        return headers;
    }

    private static List<String> schemaElements(Definition wsdl, String namespace) {
        List<String> names = new ArrayList<>();
        if (wsdl.getTypes() == null) {
            return names;
        }
        for (Object e : wsdl.getTypes().getExtensibilityElements()) {
            if (e instanceof Schema schema && namespace.equals(schema.getElement().getAttribute("targetNamespace"))) {
                for (org.w3c.dom.Node n = schema.getElement().getFirstChild(); n != null; n = n.getNextSibling()) {
                    if (n instanceof Element element && "element".equals(element.getLocalName())) {
                        names.add(element.getAttribute("name"));
                    }
                }
            }
        }
        return names;
    }
}
