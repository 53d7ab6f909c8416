package org.servicedomain.samples.creditcheck;

import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.annotation.XmlElementDecl;
import jakarta.xml.bind.annotation.XmlRegistry;
import javax.xml.namespace.QName;

/** Declares the operation elements, so the WSDL's schema declares them exactly once and not nillable. */
@XmlRegistry
public class ObjectFactory {

    private static final String NS = CreditCheckPortType.NAMESPACE;

    @XmlElementDecl(namespace = NS, name = "check")
    public JAXBElement<Check> createCheck(Check value) {
        return new JAXBElement<>(new QName(NS, "check"), Check.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "checkResponse")
    public JAXBElement<CheckResponse> createCheckResponse(CheckResponse value) {
        return new JAXBElement<>(new QName(NS, "checkResponse"), CheckResponse.class, value);
    }
}
