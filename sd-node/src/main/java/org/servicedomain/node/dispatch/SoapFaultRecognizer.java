package org.servicedomain.node.dispatch;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.xml.StreamedXml;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells a provider's SOAP fault (a business answer, passed back) from any other error body (an
 * outage, failed over) by reading only as far as the first element inside soap:Body.
 */
final class SoapFaultRecognizer {

    private static final Logger LOG = LoggerFactory.getLogger(SoapFaultRecognizer.class);

    private SoapFaultRecognizer() {
    }

    static boolean isSoapFault(byte[] body) {
        try {
            return StreamedXml.read(body, SoapFaultRecognizer::firstInBodyIsFault);
        } catch (XMLStreamException e) {
            LOG.debug("error body is not XML, so not a SOAP fault", e);
            return false;
        }
    }

    private static boolean firstInBodyIsFault(XMLStreamReader reader) throws XMLStreamException {
        int depth = 0;
        String envelopeNs = null;
        boolean inBody = false;
        while (reader.hasNext()) {
            int event = reader.next();
            if (event == XMLStreamConstants.DTD) {
                return false;
            }
            if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
                continue;
            }
            if (event != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            depth++;
            String ns = reader.getNamespaceURI();
            String local = reader.getLocalName();
            if (depth == 1) {
                if (!"Envelope".equals(local) || !isEnvelopeNamespace(ns)) {
                    return false;
                }
                envelopeNs = ns;
            } else if (depth == 2) {
                inBody = "Body".equals(local) && envelopeNs.equals(ns);
            } else if (depth == 3 && inBody) {
                return "Fault".equals(local) && envelopeNs.equals(ns);
            }
        }
        return false;
    }

    private static boolean isEnvelopeNamespace(String ns) {
        for (SoapVersion v : SoapVersion.values()) {
            if (v.envelopeNamespace().equals(ns)) {
                return true;
            }
        }
        return false;
    }
}
