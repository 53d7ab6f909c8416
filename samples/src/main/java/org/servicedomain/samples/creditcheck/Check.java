package org.servicedomain.samples.creditcheck;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request of {@code check}. */
@XmlType(name = "Check", propOrder = {"customerId"})
public class Check {

    @XmlElement(required = true)
    private String customerId;

    public Check() {
    }

    public Check(String customerId) {
        this.customerId = customerId;
    }

    public String getCustomerId() {
        return customerId;
    }

    public void setCustomerId(String customerId) {
        this.customerId = customerId;
    }
}
