/**
 * The BLAST sample service: sequence searches against named databases, of which each provider
 * holds only some; asking for one it does not hold is a business fault, not an outage.
 */
@XmlSchema(namespace = BlastPortType.NAMESPACE, elementFormDefault = XmlNsForm.QUALIFIED)
@XmlAccessorType(XmlAccessType.FIELD)
package org.servicedomain.samples.blast;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;
