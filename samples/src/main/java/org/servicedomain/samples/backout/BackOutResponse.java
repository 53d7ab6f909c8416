package org.servicedomain.samples.backout;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Response of {@code backOut}: how many back-outs the provider now holds, and its name. */
@XmlType(name = "BackOutResponse", propOrder = {"received", "provider"})
public class BackOutResponse {

    private int received;
    @XmlElement(required = true)
    private String provider;

    public BackOutResponse() {
    }

    public BackOutResponse(int received, String provider) {
        this.received = received;
        this.provider = provider;
    }

    public int getReceived() {
        return received;
    }

    public String getProvider() {
        return provider;
    }
}
