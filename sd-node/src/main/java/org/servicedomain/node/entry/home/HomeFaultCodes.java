package org.servicedomain.node.entry.home;

import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.jaxws.interceptors.WebFaultOutInterceptor;
import org.apache.cxf.phase.Phase;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.node.core.FaultCode;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Gives every home-port fault the node's shape. A fault CXF raised before the operation was
 * invoked (malformed XML, a DOCTYPE, an unknown operation) gets {@code sd:fault} with
 * {@code BadRequest} and faultcode Client; one after it, {@code InternalError}. A declared
 * {@link HomeFault} blaming the caller gets faultcode Client.
 */
final class HomeFaultCodes extends AbstractSoapInterceptor {

    private static final String SD_NS = "urn:sd:home:1";

    HomeFaultCodes() {
        super(Phase.PRE_PROTOCOL);
        addAfter(WebFaultOutInterceptor.class.getName());
    }

    @Override
    public void handleMessage(SoapMessage message) {
        if (!(message.getContent(Exception.class) instanceof Fault fault)) {
            return;
        }
        if (fault.getCause() instanceof HomeFault declared) {
            if (isSenderCode(declared.getFaultInfo().getCode())) {
                fault.setFaultCode(message.getVersion().getSender());
            }
            return;
        }
        if (hasNodeDetail(fault)) {
            return;
        }
        boolean readingRequest = !Boolean.TRUE.equals(message.getExchange().get(InvocationMark.INVOKED));
        fault.setFaultCode(readingRequest ? message.getVersion().getSender() : message.getVersion().getReceiver());
        Element detail = fault.getOrCreateDetail();
        Document doc = detail.getOwnerDocument();
        Element sdFault = doc.createElementNS(SD_NS, "sd:fault");
        sdFault.appendChild(text(doc, "sd:code", (readingRequest ? FaultCode.BadRequest : FaultCode.InternalError).name()));
        sdFault.appendChild(text(doc, "sd:message", String.valueOf(fault.getMessage())));
        detail.appendChild(sdFault);
    }

    private static boolean isSenderCode(String code) {
        try {
            return FaultCode.valueOf(code).isSenderFault();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean hasNodeDetail(Fault fault) {
        Element detail = fault.getDetail();
        if (detail == null) {
            return false;
        }
        for (Node n = detail.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && SD_NS.equals(e.getNamespaceURI()) && "fault".equals(e.getLocalName())) {
                return true;
            }
        }
        return false;
    }

    private static Element text(Document doc, String name, String value) {
        Element element = doc.createElementNS(SD_NS, name);
        element.setTextContent(value);
        return element;
    }
}
