package org.servicedomain.samples.finance;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request of {@code order}: who orders what, and how much. */
@XmlType(name = "Order", propOrder = {"customer", "item", "amount"})
public class Order {

    @XmlElement(required = true)
    private String customer;
    @XmlElement(required = true)
    private String item;
    private long amount;

    public Order() {
    }

    public Order(String customer, String item, long amount) {
        this.customer = customer;
        this.item = item;
        this.amount = amount;
    }

    public String getCustomer() {
        return customer;
    }

    public void setCustomer(String customer) {
        this.customer = customer;
    }

    public String getItem() {
        return item;
    }

    public void setItem(String item) {
        this.item = item;
    }

    public long getAmount() {
        return amount;
    }

    public void setAmount(long amount) {
        this.amount = amount;
    }
}
