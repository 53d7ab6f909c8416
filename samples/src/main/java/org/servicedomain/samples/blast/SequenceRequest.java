package org.servicedomain.samples.blast;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request of {@code runBlue}, {@code runGreen} and {@code runRed}: just the sequence. */
@XmlType(name = "SequenceRequest", propOrder = {"sequence"})
public class SequenceRequest {

    @XmlElement(required = true)
    private String sequence;

    public SequenceRequest() {
    }

    public SequenceRequest(String sequence) {
        this.sequence = sequence;
    }

    public String getSequence() {
        return sequence;
    }

    public void setSequence(String sequence) {
        this.sequence = sequence;
    }
}
