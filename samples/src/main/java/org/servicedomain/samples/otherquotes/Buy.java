package org.servicedomain.samples.otherquotes;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request of {@code buy}. */
@XmlType(name = "Buy", propOrder = {"symbol", "quantity"})
public class Buy {

    @XmlElement(required = true)
    private String symbol;
    private int quantity;

    public Buy() {
    }

    public Buy(String symbol, int quantity) {
        this.symbol = symbol;
        this.quantity = quantity;
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
}
