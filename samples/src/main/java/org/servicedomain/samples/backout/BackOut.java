package org.servicedomain.samples.backout;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request of {@code backOut}: which operation failed, what it concerned, and any detail. */
@XmlType(name = "BackOut", propOrder = {"operation", "reference", "detail"})
public class BackOut {

    @XmlElement(required = true)
    private String operation;
    @XmlElement(required = true)
    private String reference;
    private String detail;

    public BackOut() {
    }

    public BackOut(String operation, String reference, String detail) {
        this.operation = operation;
        this.reference = reference;
        this.detail = detail;
    }

    public String getOperation() {
        return operation;
    }

    public String getReference() {
        return reference;
    }

    public String getDetail() {
        return detail;
    }

    @Override
    public String toString() {
        return operation + " " + reference + (detail == null ? "" : " " + detail);
    }
}
