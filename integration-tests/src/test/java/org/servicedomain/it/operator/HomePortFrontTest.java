package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.Set;
import javax.wsdl.Binding;
import javax.wsdl.BindingOperation;
import javax.wsdl.Definition;
import javax.wsdl.Message;
import javax.wsdl.extensions.soap.SOAPHeader;
import javax.wsdl.factory.WSDLFactory;
import javax.wsdl.xml.WSDLReader;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.it.security.RecordedLog;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;

/** What a browser and a generated client meet first on the home port: its page and its WSDL. */
class HomePortFrontTest {

    private static final String HOME_NS = "urn:sd:home:1";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a");

    @Test
    void aBrowserGetOnTheHomePortAnswersAPageSayingWhatTheEndpointIsAndLogsNoError() {
        SoapReply page;
        try (RecordedLog log = RecordedLog.of("ROOT", ch.qos.logback.classic.Level.WARN)) {
            page = SoapExchange.get(domain.node().homeAddress(), java.util.Map.of("Accept", "text/html"));
            assertThat(log.lines()).as("what the node logged").isEmpty();
        }
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.contentType()).startsWith("text/html");
        assertThat(page.text()).contains("home port", domain.node().homeAddress() + "?wsdl").doesNotContain("Fault");
        SoapReply wsdl = SoapExchange.get(URI.create(domain.node().homeAddress() + "?wsdl"));
        assertThat(wsdl.status()).isEqualTo(200);
        assertThat(wsdl.parse().getDocumentElement().getLocalName()).isEqualTo("definitions");
    }

    @Test
    void theHomeWsdlBindsTheSessionHeaderOnEveryOperationButLoginAndLogout() throws Exception {
        Definition wsdl = homeWsdl();
        Binding binding = (Binding) wsdl.getAllBindings().values().iterator().next();
        List<?> operations = binding.getBindingOperations();
        assertThat(operations).hasSizeGreaterThan(9);
        for (Object o : operations) {
            BindingOperation operation = (BindingOperation) o;
            List<SOAPHeader> headers = soapHeaders(operation);
            if (Set.of("login", "logout").contains(operation.getName())) {
                assertThat(headers).as(operation.getName()).isEmpty();
            } else {
                assertThat(headers).as(operation.getName()).hasSize(1);
                assertThat(headerElement(wsdl, headers.get(0))).as(operation.getName()).isEqualTo(new QName(HOME_NS, "session"));
            }
        }
    }

    @Test
    void aClientThatSetsTheHeaderTheWsdlNamesIsKnownAsItsUser() throws Exception {
        DomainSetup setup = domain.setup();
        org.servicedomain.home.v1.SetUser root = new org.servicedomain.home.v1.SetUser();
        root.setUser("root");
        root.setPassword("root-pw");
        root.setUserLevel("staff");
        root.getRole().add("administrator");
        domain.node().home().setUser(root);
        String session = setup.login("root", "root-pw");
        Definition wsdl = homeWsdl();
        BindingOperation getUsers = ((Binding) wsdl.getAllBindings().values().iterator().next())
                .getBindingOperation("getUsers", null, null);
        QName header = headerElement(wsdl, soapHeaders(getUsers).get(0));
        String headerBlock = "<h:" + header.getLocalPart() + " xmlns:h=\"" + header.getNamespaceURI() + "\">" + session
                + "</h:" + header.getLocalPart() + ">";
        String body = "<sd:getUsers xmlns:sd=\"" + HOME_NS + "\"/>";

        SoapReply withHeader = SoapExchange.post(domain.node().homeAddress(), "text/xml; charset=UTF-8",
                "\"" + HOME_NS + "#getUsers\"", SoapExchange.soap11(headerBlock, body));
        SoapReply without = SoapExchange.post(domain.node().homeAddress(), "text/xml; charset=UTF-8",
                "\"" + HOME_NS + "#getUsers\"", SoapExchange.soap11(null, body));

        assertThat(withHeader.isSoapFault()).as(withHeader.text()).isFalse();
        assertThat(withHeader.firstText(HOME_NS, "name")).contains("root");
        assertThat(without.faultCode()).contains("NotAuthorized");
    }

    private Definition homeWsdl() throws Exception {
        SoapReply reply = SoapExchange.get(URI.create(domain.node().homeAddress() + "?wsdl"));
        WSDLReader reader = WSDLFactory.newInstance().newWSDLReader();
        reader.setFeature("javax.wsdl.importDocuments", false);
        return reader.readWSDL(domain.node().homeAddress() + "?wsdl", reply.parse());
    }

    private static List<SOAPHeader> soapHeaders(BindingOperation operation) {
        return ((List<?>) operation.getBindingInput().getExtensibilityElements()).stream()
                .filter(SOAPHeader.class::isInstance).map(SOAPHeader.class::cast).toList();
    }

    private static QName headerElement(Definition wsdl, SOAPHeader header) {
        Message message = wsdl.getMessage(header.getMessage());
        return message.getPart(header.getPart()).getElementName();
    }
}
