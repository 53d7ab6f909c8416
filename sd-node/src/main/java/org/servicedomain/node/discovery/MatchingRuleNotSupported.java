package org.servicedomain.node.discovery;

import java.util.List;
import org.servicedomain.node.core.SoapVersion;

/**
 * A Probe named a {@code MatchBy} rule the node does not know: the SOAP fault WS-Discovery (2005/04
 * and 1.1, in the Probe section) defines for it, in the probe's version and envelope — code {@code Sender} with
 * subcode {@code d:MatchingRuleNotSupported} (SOAP 1.1: that fault code), action {@code .../fault},
 * and the rules the node does know in {@code d:SupportedMatchingRules}. The fault is not signed.
 */
public final class MatchingRuleNotSupported extends RuntimeException {

    private final transient DiscoveryMessage probe;
    private final byte[] envelope;

    MatchingRuleNotSupported(DiscoveryMessage probe) {
        super("the matching rule " + probe.matchBy() + " is not supported; supported are "
                + String.join(" ", ScopeMatchers.supported(probe.version())));
        this.probe = probe;
        this.envelope = write(probe, getMessage(), ScopeMatchers.supported(probe.version()));
    }

    /** The envelope of the SOAP fault, to send to the prober. */
    public byte[] envelope() {
        return envelope.clone();
    }

    /** The SOAP version the fault is written in: the probe's. */
    public SoapVersion soap() {
        return probe.soap();
    }

    /** The rule the probe asked for. */
    public String matchBy() {
        return probe.matchBy();
    }

    private static byte[] write(DiscoveryMessage probe, String reason, List<String> supported) {
        String soap = probe.soap().envelopeNamespace();
        String wsa = probe.version().addressingNamespace();
        String wsd = probe.version().namespace();
        return DiscoveryWriter.envelope(probe.soap(), probe.version(), false, out -> {
            DiscoveryWriter.text(out, "a", "Action", wsa, wsd + "/fault");
            DiscoveryWriter.text(out, "a", "MessageID", wsa, DiscoveryMessage.newMessageId());
            DiscoveryWriter.text(out, "a", "RelatesTo", wsa, probe.messageId());
            DiscoveryWriter.text(out, "a", "To", wsa, probe.version().anonymous());
        }, out -> {
            out.writeStartElement("s", "Fault", soap);
            if (probe.soap() == SoapVersion.SOAP_12) {
                out.writeStartElement("s", "Code", soap);
                DiscoveryWriter.text(out, "s", "Value", soap, "s:Sender");
                out.writeStartElement("s", "Subcode", soap);
                DiscoveryWriter.text(out, "s", "Value", soap, "d:MatchingRuleNotSupported");
                out.writeEndElement();
                out.writeEndElement();
                out.writeStartElement("s", "Reason", soap);
                out.writeStartElement("s", "Text", soap);
                out.writeAttribute("xml", "http://www.w3.org/XML/1998/namespace", "lang", "en");
                out.writeCharacters(reason);
                out.writeEndElement();
                out.writeEndElement();
                out.writeStartElement("s", "Detail", soap);
            } else {
                DiscoveryWriter.text(out, "", "faultcode", "", "d:MatchingRuleNotSupported");
                DiscoveryWriter.text(out, "", "faultstring", "", reason);
                out.writeStartElement("detail");
            }
            DiscoveryWriter.text(out, "d", "SupportedMatchingRules", wsd, String.join(" ", supported));
            out.writeEndElement();
            out.writeEndElement();
        });
    }
}
