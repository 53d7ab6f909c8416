package org.servicedomain.samples.blast;

import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.annotation.XmlElementDecl;
import jakarta.xml.bind.annotation.XmlRegistry;
import javax.xml.namespace.QName;

/**
 * Declares the elements of the per-database port types' {@code search} operation, so their WSDLs
 * declare them exactly once and not nillable, and declare nothing of {@link BlastPortType}'s operations.
 */
@XmlRegistry
public class SearchElements {

    private static final String NS = BlastPortType.NAMESPACE;

    @XmlElementDecl(namespace = NS, name = "search")
    public JAXBElement<SequenceRequest> createSearch(SequenceRequest value) {
        return new JAXBElement<>(new QName(NS, "search"), SequenceRequest.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "searchResponse")
    public JAXBElement<BlastResult> createSearchResponse(BlastResult value) {
        return new JAXBElement<>(new QName(NS, "searchResponse"), BlastResult.class, value);
    }
}
