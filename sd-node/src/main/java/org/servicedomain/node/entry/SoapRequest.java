package org.servicedomain.node.entry;

import javax.xml.namespace.QName;

/**
 * All the node reads of a request's envelope: the first element inside soap:Body, which names the
 * operation, and the session header.
 *
 * @param sessionId the {@code sd:session} header's text, or null
 */
record SoapRequest(QName operationElement, String sessionId) {
}
