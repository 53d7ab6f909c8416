/**
 * The stock-quote sample service: a code-first JAX-WS port whose answers name the provider that
 * served them, so a test can see which instance the broker picked.
 */
@XmlSchema(namespace = StockQuotePortType.NAMESPACE, elementFormDefault = XmlNsForm.QUALIFIED)
@XmlAccessorType(XmlAccessType.FIELD)
package org.servicedomain.samples.stockquote;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;
