package org.servicedomain.samples.otherquotes;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Detail of the {@code unknownSymbol} fault: the symbol and the provider that does not list it. */
@XmlType(name = "UnknownSymbol", propOrder = {"symbol", "provider"})
public class UnknownSymbol {

    @XmlElement(required = true)
    private String symbol;
    @XmlElement(required = true)
    private String provider;

    public UnknownSymbol() {
    }

    public UnknownSymbol(String symbol, String provider) {
        this.symbol = symbol;
        this.provider = provider;
    }

    public String getSymbol() {
        return symbol;
    }

    public void setSymbol(String symbol) {
        this.symbol = symbol;
    }

    public String getProvider() {
        return provider;
    }

    public void setProvider(String provider) {
        this.provider = provider;
    }
}
