package org.servicedomain.samples.finance;

import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.annotation.XmlElementDecl;
import jakarta.xml.bind.annotation.XmlRegistry;
import javax.xml.namespace.QName;

/** Declares the operation elements, so the WSDL's schema declares them exactly once and not nillable. */
@XmlRegistry
public class ObjectFactory {

    private static final String NS = FinancePortType.NAMESPACE;

    @XmlElementDecl(namespace = NS, name = "order")
    public JAXBElement<Order> createOrder(Order value) {
        return new JAXBElement<>(new QName(NS, "order"), Order.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "orderResponse")
    public JAXBElement<Confirmation> createOrderResponse(Confirmation value) {
        return new JAXBElement<>(new QName(NS, "orderResponse"), Confirmation.class, value);
    }
}
