/**
 * The other-quotes sample service: the stock-quote service as another vendor describes it, in its
 * own namespace and port type, with {@code getDividend} on top and no {@code monitorStocks}; a port
 * type an administrator places into the stock-quote virtual port ({@code compatiblePortType}).
 */
@XmlSchema(namespace = OtherQuotesPortType.NAMESPACE, elementFormDefault = XmlNsForm.QUALIFIED)
@XmlAccessorType(XmlAccessType.FIELD)
package org.servicedomain.samples.otherquotes;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;
