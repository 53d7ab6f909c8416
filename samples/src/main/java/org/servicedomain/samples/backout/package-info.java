/**
 * The back-out sample service: a compensation endpoint that a node's back-out recovery action
 * calls when a request failed on every instance, and that keeps every back-out it received so
 * callers (and tests) can list them.
 */
@XmlSchema(namespace = BackOutPortType.NAMESPACE, elementFormDefault = XmlNsForm.QUALIFIED)
@XmlAccessorType(XmlAccessType.FIELD)
package org.servicedomain.samples.backout;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;
