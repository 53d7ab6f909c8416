package org.servicedomain.node.placement;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.CalledOperation;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.dispatch.InstanceDispatcher;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Document;

/**
 * Which attempts are rewritten: a shared operation to an instance of a placed port type (request,
 * SOAPAction and answer), and nothing else, without a copy of the request.
 */
class PlacedInstanceDispatcherTest {

    private static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String PORT_NS = "urn:port";
    private static final String OWN_NS = "urn:placed";
    private static final QName PORT_TYPE = new QName(PORT_NS, "QuotesPortType");
    private static final QName PLACED_TYPE = new QName(OWN_NS, "OtherQuotesPortType");
    private static final QName GET_QUOTE = new QName(PORT_NS, "getQuote");
    private static final QName OWN_GET_QUOTE = new QName(OWN_NS, "getQuote");
    private static final QName GET_DIVIDEND = new QName(OWN_NS, "getDividend");
    private static final VirtualPort PORT = new VirtualPort("Quotes", PORT_TYPE, SoapVersion.SOAP_11, "digest",
            new QName(PORT_NS, "QuotesBinding"), "<definitions/>", Map.of(GET_QUOTE, "getQuote"),
            Map.of("getQuote", PORT_NS + "#getQuote"), Map.of());
    private static final Instance OWN = new Instance("own", "Quotes", PORT_TYPE, "http://own.example/", null, null,
            null, null, Map.of(), InstanceState.OPERATIONAL, null, Map.of(GET_QUOTE, "getQuote"));
    private static final Instance PLACED = new Instance("placed", "Quotes", PLACED_TYPE, "http://placed.example/", null,
            null, null, null, Map.of(), InstanceState.OPERATIONAL, null,
            Map.of(OWN_GET_QUOTE, "getQuote", GET_DIVIDEND, "getDividend"),
            Map.of("getQuote", OWN_NS + ":quote", "getDividend", OWN_NS + ":dividend"));

    private final CatalogSnapshot catalog = CatalogSnapshot.of(List.of(PORT), List.of(OWN, PLACED));
    private final List<RequestContext> sent = new ArrayList<>();
    private final PlacedInstanceDispatcher dispatcher = new PlacedInstanceDispatcher(answering(), () -> catalog);

    @Test
    void aCallToAnInstanceOfThePortsOwnPortTypeGoesOnAsItCame() {
        RequestContext request = call(GET_QUOTE, "getQuote", "text/xml");

        dispatcher.dispatch(OWN, request, Duration.ofSeconds(1)).join();

        assertThat(sent).singleElement().isSameAs(request);
    }

    @Test
    void aSharedCallToAPlacedInstanceGoesInItsNamespaceWithItsSoapActionAndAnswersInThePorts() throws Exception {
        ProviderReply reply = dispatcher.dispatch(PLACED, call(GET_QUOTE, "getQuote", "text/xml"), Duration.ofSeconds(1)).join();

        RequestContext forwarded = sent.get(0);
        assertThat(operationElement(forwarded.body())).isEqualTo(OWN_GET_QUOTE);
        assertThat(forwarded.soapAction()).isEqualTo("\"" + OWN_NS + ":quote\"");
        assertThat(operationElement(reply.body())).isEqualTo(new QName(PORT_NS, "getQuoteResponse"));
    }

    @Test
    void aCallOfAnOperationOnlyThePlacedPortTypeHasGoesOnAsItCame() {
        RequestContext request = call(GET_DIVIDEND, "getDividend", "text/xml");

        ProviderReply reply = dispatcher.dispatch(PLACED, request, Duration.ofSeconds(1)).join();

        assertThat(sent).singleElement().isSameAs(request);
        assertThat(new String(reply.body(), StandardCharsets.UTF_8)).contains(OWN_NS);
    }

    @Test
    void theActionParameterOfASoap12ContentTypeBecomesThePlacedInstancesAction() {
        assertThat(PlacedInstanceDispatcher.withAction("application/soap+xml; charset=UTF-8; action=\"urn:port#getQuote\"",
                "urn:placed:quote")).isEqualTo("application/soap+xml; charset=UTF-8; action=\"urn:placed:quote\"");
        assertThat(PlacedInstanceDispatcher.withAction("application/soap+xml; action=urn:port#getQuote; charset=UTF-8",
                "urn:placed:quote")).isEqualTo("application/soap+xml; action=\"urn:placed:quote\"; charset=UTF-8");
        assertThat(PlacedInstanceDispatcher.withAction("text/xml; charset=UTF-8", "urn:placed:quote"))
                .isEqualTo("text/xml; charset=UTF-8");
    }

    private static RequestContext call(QName element, String operation, String contentType) {
        String body = "<s:Envelope xmlns:s='" + SOAP + "'><s:Body><q:" + element.getLocalPart() + " xmlns:q='"
                + element.getNamespaceURI() + "'><q:symbol>ACME</q:symbol></q:" + element.getLocalPart()
                + "></s:Body></s:Envelope>";
        return new RequestContext(PORT, operation, Caller.ANONYMOUS, Map.of(), "\"" + PORT_NS + "#" + operation + "\"",
                contentType, body.getBytes(StandardCharsets.UTF_8))
                .withTag(CalledOperation.class, new CalledOperation(operation, element));
    }

    /** A provider that answers {@code <operation>Response} in the namespace of the request's operation element. */
    private InstanceDispatcher answering() {
        return new InstanceDispatcher() {
            @Override
            public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout) {
                sent.add(request);
                QName asked = operationElement(request.body());
                String answer = "<s:Envelope xmlns:s='" + SOAP + "'><s:Body><a:" + asked.getLocalPart() + "Response xmlns:a='"
                        + asked.getNamespaceURI() + "'><a:price>1</a:price></a:" + asked.getLocalPart()
                        + "Response></s:Body></s:Envelope>";
                return CompletableFuture.completedFuture(new ProviderReply(200, "text/xml",
                        answer.getBytes(StandardCharsets.UTF_8)));
            }

            @Override
            public void close() {
            }
        };
    }

    private static QName operationElement(byte[] envelope) {
        try {
            Document document = SecureXml.documentBuilder().parse(new ByteArrayInputStream(envelope));
            org.w3c.dom.Element body = (org.w3c.dom.Element) document.getElementsByTagNameNS(SOAP, "Body").item(0);
            org.w3c.dom.Node n = body.getFirstChild();
            while (!(n instanceof org.w3c.dom.Element)) {
                n = n.getNextSibling();
            }
            return new QName(n.getNamespaceURI(), n.getLocalName());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
