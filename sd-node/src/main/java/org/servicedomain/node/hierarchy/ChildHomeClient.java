package org.servicedomain.node.hierarchy;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.node.outbound.HttpCalls;
import org.servicedomain.node.outbound.OutboundAnswer;
import org.servicedomain.node.outbound.OutboundCall;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * Asks a child node's home port for the ports and topology below it, as a parent's discovery
 * poll does: {@code getServiceInfo} with {@code topology} and {@code poll} set, as a SOAP 1.1 call of
 * the node's own.
 */
public final class ChildHomeClient {

    /** Where a node's home port is, below its base address. */
    static final String HOME_PATH = "/services/home";
    private static final String SOAP_11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String ACTION = "\"urn:sd:home:1#getServiceInfo\"";
    private static final JAXBContext HOME = home();

    private final HttpCalls http;
    private final Duration timeout;
    private final long maxBytes;

    /** @param http calls to the operator's own nodes; {@code timeout} and at most {@code maxBytes} for each answer */
    public ChildHomeClient(HttpCalls http, Duration timeout, long maxBytes) {
        this.http = http;
        this.timeout = timeout;
        this.maxBytes = maxBytes;
    }

    private static JAXBContext home() {
        try {
            return JAXBContext.newInstance(GetServiceInfo.class, GetServiceInfoResponse.class);
        } catch (JAXBException e) {
            throw new IllegalStateException("the home port's types do not bind", e);
        }
    }

    /**
     * The child's topology after it polled the nodes below it; with the child's {@code secret} the
     * call carries a {@link ParentProof}, which a child enforcing roles asks for. An {@link IOException}
     * when the child does not answer, answers a fault (its message the fault's) or no topology.
     */
    NodeInfo poll(String childAddress, String secret) throws IOException {
        URI address = URI.create(childAddress + HOME_PATH);
        OutboundAnswer answer = http.await(OutboundCall.post(address, "text/xml; charset=UTF-8", request(), timeout, maxBytes)
                .with("SOAPAction", ACTION)
                .with(ParentProof.HEADER, secret == null ? null : ParentProof.of(secret, "POST", address)));
        NodeInfo node = topology(answer, childAddress);
        if (node == null) {
            throw new IOException("the node at " + childAddress + " answered without its topology");
        }
        return node;
    }

    private static byte[] request() {
        GetServiceInfo request = new GetServiceInfo();
        request.setTopology(Boolean.TRUE);
        request.setPoll(Boolean.TRUE);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("<soap:Envelope xmlns:soap=\"" + SOAP_11 + "\"><soap:Body>").getBytes(StandardCharsets.UTF_8));
        try {
            var marshaller = HOME.createMarshaller();
            marshaller.setProperty(jakarta.xml.bind.Marshaller.JAXB_FRAGMENT, Boolean.TRUE);
            marshaller.marshal(request, out);
        } catch (JAXBException e) {
            throw new IllegalStateException("getServiceInfo does not marshal", e);
        }
        out.writeBytes("</soap:Body></soap:Envelope>".getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** The topology in {@code answer}'s SOAP body; the fault's message as an {@link IOException} when it is a fault. */
    private static NodeInfo topology(OutboundAnswer answer, String childAddress) throws IOException {
        Element content = bodyContent(answer, childAddress);
        if (SOAP_11.equals(content.getNamespaceURI()) && "Fault".equals(content.getLocalName())) {
            throw new IOException(text(content, "faultstring"));
        }
        try {
            Object response = HOME.createUnmarshaller().unmarshal(content);
            return response instanceof GetServiceInfoResponse info ? info.getNode() : null;
        } catch (JAXBException e) {
            throw new IOException("the node at " + childAddress + " answered what is not a getServiceInfo response", e);
        }
    }

    private static Element bodyContent(OutboundAnswer answer, String childAddress) throws IOException {
        Document document;
        try {
            document = SecureXml.documentBuilder().parse(new ByteArrayInputStream(answer.body()));
        } catch (SAXException e) {
            throw new IOException("the node at " + childAddress + " answered HTTP " + answer.status() + " without a SOAP message", e);
        }
        Element body = first(document.getDocumentElement(), "Body");
        Element content = body == null ? null : first(body, null);
        if (content == null) {
            throw new IOException("the node at " + childAddress + " answered HTTP " + answer.status() + " with an empty SOAP body");
        }
        return content;
    }

    /** The first child element of {@code parent} named {@code localName} (any, when null). */
    private static Element first(Element parent, String localName) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && (localName == null || localName.equals(e.getLocalName()))) {
                return e;
            }
        }
        return null;
    }

    private static String text(Element parent, String localName) {
        Element child = first(parent, localName);
        return child == null ? "a SOAP fault" : child.getTextContent().trim();
    }
}
