/**
 * The financial-grid sample services: online trading, personal loans, personal investment banking
 * and commodity trading, four port types with one {@code order} operation each, whose answers name
 * the provider that served them.
 */
@XmlSchema(namespace = FinancePortType.NAMESPACE, elementFormDefault = XmlNsForm.QUALIFIED)
@XmlAccessorType(XmlAccessType.FIELD)
package org.servicedomain.samples.finance;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;
