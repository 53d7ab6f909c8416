package org.servicedomain.samples.otherquotes;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Response of {@code getQuote}: the symbol, its price and the provider that answered. */
@XmlType(name = "GetQuoteResponse", propOrder = {"symbol", "price", "provider"})
public class GetQuoteResponse {

    @XmlElement(required = true)
    private String symbol;
    private double price;
    @XmlElement(required = true)
    private String provider;

    public GetQuoteResponse() {
    }

    public GetQuoteResponse(String symbol, double price, String provider) {
        this.symbol = symbol;
        this.price = price;
        this.provider = provider;
    }

    public String getSymbol() {
        return symbol;
    }

    public void setSymbol(String symbol) {
        this.symbol = symbol;
    }

    public double getPrice() {
        return price;
    }

    public void setPrice(double price) {
        this.price = price;
    }

    public String getProvider() {
        return provider;
    }

    public void setProvider(String provider) {
        this.provider = provider;
    }
}
