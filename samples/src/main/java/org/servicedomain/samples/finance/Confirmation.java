package org.servicedomain.samples.finance;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Response of {@code order}: the service and provider that took the order, and a reference. */
@XmlType(name = "Confirmation", propOrder = {"service", "item", "reference", "provider"})
public class Confirmation {

    @XmlElement(required = true)
    private String service;
    @XmlElement(required = true)
    private String item;
    @XmlElement(required = true)
    private String reference;
    @XmlElement(required = true)
    private String provider;

    public Confirmation() {
    }

    public Confirmation(String service, String item, String reference, String provider) {
        this.service = service;
        this.item = item;
        this.reference = reference;
        this.provider = provider;
    }

    public String getService() {
        return service;
    }

    public String getItem() {
        return item;
    }

    public String getReference() {
        return reference;
    }

    public String getProvider() {
        return provider;
    }
}
