package org.servicedomain.samples.otherquotes;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Response of {@code buy}: the order, what it bought and the provider that took it. */
@XmlType(name = "BuyResponse", propOrder = {"orderId", "symbol", "quantity", "provider"})
public class BuyResponse {

    @XmlElement(required = true)
    private String orderId;
    @XmlElement(required = true)
    private String symbol;
    private int quantity;
    @XmlElement(required = true)
    private String provider;

    public BuyResponse() {
    }

    public BuyResponse(String orderId, String symbol, int quantity, String provider) {
        this.orderId = orderId;
        this.symbol = symbol;
        this.quantity = quantity;
        this.provider = provider;
    }

    public String getOrderId() {
        return orderId;
    }

    public void setOrderId(String orderId) {
        this.orderId = orderId;
    }

    public String getSymbol() {
        return symbol;
    }

    public void setSymbol(String symbol) {
        this.symbol = symbol;
    }

    public int getQuantity() {
        return quantity;
    }

    public void setQuantity(int quantity) {
        this.quantity = quantity;
    }

    public String getProvider() {
        return provider;
    }

    public void setProvider(String provider) {
        this.provider = provider;
    }
}
