package org.servicedomain.node.entry.port;

import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.xml.XmlText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the node's own faults on virtual ports: a SOAP 1.1 or 1.2 fault whose detail holds
 * {@code sd:fault} with the code, the message and any attempts, the same shape the home port uses.
 */
public final class SoapFaultWriter {

    /** A fault ready to send. */
    public record FaultResponse(int status, String contentType, byte[] body) {
    }

    private static final Logger LOG = LoggerFactory.getLogger(SoapFaultWriter.class);
    /**
     * A full queue's {@code Overloaded} faults, rendered once per SOAP version: its scheduler answers a
     * flood of refusals with one fault instance (equal by identity), so their bytes are made once.
     */
    private static final Map<SoapVersion, Map<NodeFault, FaultResponse>> REFUSALS = new EnumMap<>(Map.of(
            SoapVersion.SOAP_11, new ConcurrentHashMap<>(), SoapVersion.SOAP_12, new ConcurrentHashMap<>()));
    private static final int MAX_REFUSALS = 256;

    private SoapFaultWriter() {
    }

    /**
     * The answer to a virtual-port request that the chain failed: the node's fault as it is, any
     * other failure logged under the request's id and answered as an {@code InternalError}.
     */
    static FaultResponse forFailure(Throwable failure, String requestId, SoapVersion version) {
        NodeFault fault;
        if (failure instanceof NodeFault f) {
            fault = f;
            if (f.code() != FaultCode.NoInstanceAvailable) {
                LOG.debug("refused request {}: {}", requestId, f.getMessage());
            }
        } else {
            LOG.error("request {} failed inside the node", requestId, failure);
            fault = new NodeFault(FaultCode.InternalError, "the node failed to handle the request; its log has the"
                    + " details under request id " + requestId);
        }
        return fault.code() == FaultCode.Overloaded ? refusal(fault, version) : write(fault, version);
    }

    /** A full queue's refusal, rendered on its first use in {@code version}; all are forgotten past {@link #MAX_REFUSALS}. */
    private static FaultResponse refusal(NodeFault fault, SoapVersion version) {
        Map<NodeFault, FaultResponse> rendered = REFUSALS.get(version);
        FaultResponse response = rendered.get(fault);
        if (response == null) {
            if (rendered.size() >= MAX_REFUSALS) {
                rendered.clear(); // a policy change makes new faults; the old ones are not answered again
            }
            response = write(fault, version);
            rendered.put(fault, response);
        }
        return response;
    }

    public static FaultResponse write(NodeFault fault, SoapVersion version) {
        String message = fault.getMessage() == null ? fault.code().name() : fault.getMessage();
        String detail = detail(fault, message);
        String envelope = version == SoapVersion.SOAP_12 ? soap12(fault.code(), message, detail) : soap11(fault.code(), message, detail);
        int status = version == SoapVersion.SOAP_12 && fault.code().isSenderFault() ? 400 : 500;
        return new FaultResponse(status, version.mediaType() + "; charset=UTF-8", envelope.getBytes(StandardCharsets.UTF_8));
    }

    private static String soap11(FaultCode code, String message, String detail) {
        return "<soap:Envelope xmlns:soap=\"" + SoapVersion.SOAP_11.envelopeNamespace() + "\"><soap:Body><soap:Fault>"
                + "<faultcode>soap:" + (code.isSenderFault() ? "Client" : "Server") + "</faultcode>"
                + "<faultstring>" + XmlText.escape(message) + "</faultstring>"
                + "<detail>" + detail + "</detail>"
                + "</soap:Fault></soap:Body></soap:Envelope>";
    }

    private static String soap12(FaultCode code, String message, String detail) {
        return "<env:Envelope xmlns:env=\"" + SoapVersion.SOAP_12.envelopeNamespace() + "\"><env:Body><env:Fault>"
                + "<env:Code><env:Value>env:" + (code.isSenderFault() ? "Sender" : "Receiver") + "</env:Value></env:Code>"
                + "<env:Reason><env:Text xml:lang=\"en\">" + XmlText.escape(message) + "</env:Text></env:Reason>"
                + "<env:Detail>" + detail + "</env:Detail>"
                + "</env:Fault></env:Body></env:Envelope>";
    }

    private static String detail(NodeFault fault, String message) {
        StringBuilder xml = new StringBuilder("<sd:fault xmlns:sd=\"urn:sd:home:1\">")
                .append("<sd:code>").append(fault.code().name()).append("</sd:code>")
                .append("<sd:message>").append(XmlText.escape(message)).append("</sd:message>");
        for (NodeFault.Attempt a : fault.attempts()) {
            xml.append("<sd:attempt><sd:instanceId>").append(XmlText.escape(a.instanceId()))
                    .append("</sd:instanceId><sd:endpointAddress>").append(XmlText.escape(a.endpointAddress()))
                    .append("</sd:endpointAddress><sd:reason>").append(XmlText.escape(a.reason()))
                    .append("</sd:reason>");
            if (a.path() != null) {
                xml.append("<sd:path>").append(XmlText.escape(a.path())).append("</sd:path>");
            }
            xml.append("</sd:attempt>");
        }
        return xml.append("</sd:fault>").toString();
    }
}
