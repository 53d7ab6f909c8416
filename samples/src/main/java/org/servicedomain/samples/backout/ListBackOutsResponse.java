package org.servicedomain.samples.backout;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;
import java.util.ArrayList;
import java.util.List;

/** Response of {@code listBackOuts}: every back-out received, oldest first. */
@XmlType(name = "ListBackOutsResponse", propOrder = {"backOut"})
public class ListBackOutsResponse {

    @XmlElement(name = "backOut")
    private List<BackOut> backOut = new ArrayList<>();

    public ListBackOutsResponse() {
    }

    public ListBackOutsResponse(List<BackOut> backOuts) {
        this.backOut = new ArrayList<>(backOuts);
    }

    public List<BackOut> getBackOut() {
        return backOut;
    }
}
