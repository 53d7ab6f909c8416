package org.servicedomain.samples.otherquotes;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request of {@code getDividend}. */
@XmlType(name = "GetDividend", propOrder = {"symbol"})
public class GetDividend {

    @XmlElement(required = true)
    private String symbol;

    public GetDividend() {
    }

    public GetDividend(String symbol) {
        this.symbol = symbol;
    }

    public String getSymbol() {
        return symbol;
    }

    public void setSymbol(String symbol) {
        this.symbol = symbol;
    }
}
