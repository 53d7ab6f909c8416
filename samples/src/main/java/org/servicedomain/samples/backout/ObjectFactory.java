package org.servicedomain.samples.backout;

import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.annotation.XmlElementDecl;
import jakarta.xml.bind.annotation.XmlRegistry;
import javax.xml.namespace.QName;

/** Declares the operation elements, so the WSDL's schema declares them exactly once and not nillable. */
@XmlRegistry
public class ObjectFactory {

    private static final String NS = BackOutPortType.NAMESPACE;

    @XmlElementDecl(namespace = NS, name = "backOut")
    public JAXBElement<BackOut> createBackOut(BackOut value) {
        return new JAXBElement<>(new QName(NS, "backOut"), BackOut.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "backOutResponse")
    public JAXBElement<BackOutResponse> createBackOutResponse(BackOutResponse value) {
        return new JAXBElement<>(new QName(NS, "backOutResponse"), BackOutResponse.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "listBackOuts")
    public JAXBElement<ListBackOuts> createListBackOuts(ListBackOuts value) {
        return new JAXBElement<>(new QName(NS, "listBackOuts"), ListBackOuts.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "listBackOutsResponse")
    public JAXBElement<ListBackOutsResponse> createListBackOutsResponse(ListBackOutsResponse value) {
        return new JAXBElement<>(new QName(NS, "listBackOutsResponse"), ListBackOutsResponse.class, value);
    }
}
