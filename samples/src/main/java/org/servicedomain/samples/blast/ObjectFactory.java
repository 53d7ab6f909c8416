package org.servicedomain.samples.blast;

import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.annotation.XmlElementDecl;
import jakarta.xml.bind.annotation.XmlRegistry;
import javax.xml.namespace.QName;

/** Declares the operation and fault elements, so the WSDL's schema declares them exactly once and not nillable. */
@XmlRegistry
public class ObjectFactory {

    private static final String NS = BlastPortType.NAMESPACE;

    @XmlElementDecl(namespace = NS, name = "run")
    public JAXBElement<Run> createRun(Run value) {
        return new JAXBElement<>(new QName(NS, "run"), Run.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "runBlue")
    public JAXBElement<SequenceRequest> createRunBlue(SequenceRequest value) {
        return sequence("runBlue", value);
    }

    @XmlElementDecl(namespace = NS, name = "runGreen")
    public JAXBElement<SequenceRequest> createRunGreen(SequenceRequest value) {
        return sequence("runGreen", value);
    }

    @XmlElementDecl(namespace = NS, name = "runRed")
    public JAXBElement<SequenceRequest> createRunRed(SequenceRequest value) {
        return sequence("runRed", value);
    }

    @XmlElementDecl(namespace = NS, name = "runResponse")
    public JAXBElement<BlastResult> createRunResponse(BlastResult value) {
        return result("runResponse", value);
    }

    @XmlElementDecl(namespace = NS, name = "runBlueResponse")
    public JAXBElement<BlastResult> createRunBlueResponse(BlastResult value) {
        return result("runBlueResponse", value);
    }

    @XmlElementDecl(namespace = NS, name = "runGreenResponse")
    public JAXBElement<BlastResult> createRunGreenResponse(BlastResult value) {
        return result("runGreenResponse", value);
    }

    @XmlElementDecl(namespace = NS, name = "runRedResponse")
    public JAXBElement<BlastResult> createRunRedResponse(BlastResult value) {
        return result("runRedResponse", value);
    }

    @XmlElementDecl(namespace = NS, name = "databaseNotHeld")
    public JAXBElement<DatabaseNotHeld> createDatabaseNotHeld(DatabaseNotHeld value) {
        return new JAXBElement<>(new QName(NS, "databaseNotHeld"), DatabaseNotHeld.class, value);
    }

    private static JAXBElement<SequenceRequest> sequence(String name, SequenceRequest value) {
        return new JAXBElement<>(new QName(NS, name), SequenceRequest.class, value);
    }

    private static JAXBElement<BlastResult> result(String name, BlastResult value) {
        return new JAXBElement<>(new QName(NS, name), BlastResult.class, value);
    }
}
