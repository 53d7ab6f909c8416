package org.servicedomain.samples.stockquote;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** One quote of a {@code monitorStocks} answer: the symbol, its price and the provider that quoted it. */
@XmlType(name = "Quote", propOrder = {"symbol", "price", "provider"})
public class Quote {

    @XmlElement(required = true)
    private String symbol;
    private double price;
    @XmlElement(required = true)
    private String provider;

    public Quote() {
    }

    public Quote(String symbol, double price, String provider) {
        this.symbol = symbol;
        this.price = price;
        this.provider = provider;
    }

    public String getSymbol() {
        return symbol;
    }

    public double getPrice() {
        return price;
    }

    public String getProvider() {
        return provider;
    }
}
