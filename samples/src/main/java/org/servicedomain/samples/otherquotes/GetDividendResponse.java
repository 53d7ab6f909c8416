package org.servicedomain.samples.otherquotes;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Response of {@code getDividend}: the symbol, its dividend and the provider that answered. */
@XmlType(name = "GetDividendResponse", propOrder = {"symbol", "dividend", "provider"})
public class GetDividendResponse {

    @XmlElement(required = true)
    private String symbol;
    private double dividend;
    @XmlElement(required = true)
    private String provider;

    public GetDividendResponse() {
    }

    public GetDividendResponse(String symbol, double dividend, String provider) {
        this.symbol = symbol;
        this.dividend = dividend;
        this.provider = provider;
    }

    public String getSymbol() {
        return symbol;
    }

    public void setSymbol(String symbol) {
        this.symbol = symbol;
    }

    public double getDividend() {
        return dividend;
    }

    public void setDividend(double dividend) {
        this.dividend = dividend;
    }

    public String getProvider() {
        return provider;
    }

    public void setProvider(String provider) {
        this.provider = provider;
    }
}
