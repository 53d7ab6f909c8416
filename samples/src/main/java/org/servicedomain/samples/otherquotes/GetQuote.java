package org.servicedomain.samples.otherquotes;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request of {@code getQuote}. */
@XmlType(name = "GetQuote", propOrder = {"symbol"})
public class GetQuote {

    @XmlElement(required = true)
    private String symbol;

    public GetQuote() {
    }

    public GetQuote(String symbol) {
        this.symbol = symbol;
    }

    public String getSymbol() {
        return symbol;
    }

    public void setSymbol(String symbol) {
        this.symbol = symbol;
    }
}
