package org.servicedomain.samples.creditcheck;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Response of {@code check}: the customer, its score and the provider that answered. */
@XmlType(name = "CheckResponse", propOrder = {"customerId", "score", "provider"})
public class CheckResponse {

    @XmlElement(required = true)
    private String customerId;
    private int score;
    @XmlElement(required = true)
    private String provider;

    public CheckResponse() {
    }

    public CheckResponse(String customerId, int score, String provider) {
        this.customerId = customerId;
        this.score = score;
        this.provider = provider;
    }

    public String getCustomerId() {
        return customerId;
    }

    public void setCustomerId(String customerId) {
        this.customerId = customerId;
    }

    public int getScore() {
        return score;
    }

    public void setScore(int score) {
        this.score = score;
    }

    public String getProvider() {
        return provider;
    }

    public void setProvider(String provider) {
        this.provider = provider;
    }
}
