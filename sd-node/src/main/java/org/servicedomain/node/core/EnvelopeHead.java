package org.servicedomain.node.core;

import javax.xml.namespace.QName;

/**
 * What the node reads of a request's envelope before deciding anything: the element that names
 * the operation, and the session id of the {@code sd:session} header (null without one).
 */
public record EnvelopeHead(QName operationElement, String sessionId) {
}
