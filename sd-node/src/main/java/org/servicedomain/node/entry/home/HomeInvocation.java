package org.servicedomain.node.entry.home;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import javax.xml.namespace.QName;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.core.ArrivingBody;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.engine.envelope.SoapRequest;
import org.servicedomain.node.engine.envelope.SoapRequestReader;
import org.servicedomain.node.entry.port.VirtualPortFront;
import org.servicedomain.node.session.SessionRegistry;
import org.servicedomain.node.xml.SecureXml;
import org.servicedomain.node.xml.XmlText;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.SAXException;

/**
 * {@code invokeOperation}: a virtual-port call for clients that only know the home port. The
 * payload (the operation element as XML text) is wrapped in an envelope of the port's SOAP
 * version, with the session header when there is a session, and goes through the same request
 * chain as a call on the port itself.
 */
final class HomeInvocation {

    private static final QName SESSION_HEADER = SoapRequestReader.SESSION_HEADER;

    private final Catalog catalog;
    private final SessionRegistry sessions;
    private final long maxMessageBytes;
    private final VirtualPortFront front;

    HomeInvocation(Catalog catalog, SessionRegistry sessions, long maxMessageBytes, VirtualPortFront front) {
        this.catalog = catalog;
        this.sessions = sessions;
        this.maxMessageBytes = maxMessageBytes;
        this.front = front;
    }

    /**
     * The provider's answer: the first element of its soap:Body, as XML text; the call joins the
     * home call's {@code traceparent} (with its {@code tracestate}) when it carried one.
     */
    String invoke(String sessionId, String portName, String operation, String payload, String traceparent,
            String tracestate) {
        VirtualPort port = catalog.snapshot().port(portName).orElseThrow(() ->
                new NodeFault(FaultCode.UnknownVirtualPort, "no virtual port named '" + portName + "'"));
        if (port.elementOf(operation).isEmpty()) {
            throw new NodeFault(FaultCode.BadRequest, "virtual port " + portName + " has no operation " + operation);
        }
        if (sessionId != null && sessions.caller(sessionId).isEmpty()) {
            throw new NodeFault(FaultCode.NotAuthorized, "unknown or expired session: log in again");
        }
        byte[] envelope = envelope(port.soapVersion(), null, payload);
        if (envelope.length > maxMessageBytes) {
            throw new NodeFault(FaultCode.BadRequest, "the payload exceeds the limit of " + maxMessageBytes + " bytes");
        }
        SoapRequest soap = SoapRequestReader.read(envelope, port.soapVersion());
        if (!operation.equals(port.operationFor(soap.operationElement()).orElse(null))) {
            throw new NodeFault(FaultCode.BadRequest, "the payload's element " + soap.operationElement()
                    + " is not the request of operation " + operation);
        }
        String action = port.soapActions().get(operation);
        String contentType = port.soapVersion().mediaType() + "; charset=UTF-8"
                + (port.soapVersion() == SoapVersion.SOAP_12 && action != null ? "; action=\"" + action + "\"" : "");
        VirtualPortFront.CallHead head = new VirtualPortFront.CallHead(portName, contentType,
                port.soapVersion() == SoapVersion.SOAP_11 && action != null ? "\"" + action + "\"" : null, null, false, null,
                traceparent, tracestate);
        // the home port is synchronous (CXF): its thread waits for the chain
        return bodyContent(Completions.joined(front.invoke(head, ArrivingBody.of(envelope(port.soapVersion(), sessionId, payload)))));
    }

    private static byte[] envelope(SoapVersion version, String sessionId, String payload) {
        String header = sessionId == null ? "" : "<soap:Header><sd:session xmlns:sd=\"" + SESSION_HEADER.getNamespaceURI()
                + "\">" + XmlText.escape(sessionId) + "</sd:session></soap:Header>";
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><soap:Envelope xmlns:soap=\"" + version.envelopeNamespace()
                + "\">" + header + "<soap:Body>" + payload + "</soap:Body></soap:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    private static String bodyContent(ProviderReply reply) {
        Document document;
        try {
            document = SecureXml.documentBuilder().parse(new ByteArrayInputStream(reply.body()));
        } catch (SAXException | IOException e) {
            throw new NodeFault(FaultCode.InternalError, "the provider's answer is not XML: " + e.getMessage(), e);
        }
        Element body = firstElementChild(lastBody(document.getDocumentElement()));
        if (body == null) {
            throw new NodeFault(FaultCode.InternalError, "the provider's answer has an empty soap:Body");
        }
        if ("Fault".equals(body.getLocalName())) {
            throw new NodeFault(FaultCode.ProviderFault, "the provider answered with a SOAP fault: " + body.getTextContent().trim());
        }
        return SecureXml.write(body);
    }

    private static Element lastBody(Element envelope) {
        for (org.w3c.dom.Node n = envelope.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && "Body".equals(e.getLocalName())) {
                return e;
            }
        }
        throw new NodeFault(FaultCode.InternalError, "the provider's answer has no soap:Body");
    }

    private static Element firstElementChild(Element parent) {
        for (org.w3c.dom.Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                return e;
            }
        }
        return null;
    }

}
