package org.servicedomain.samples.stockquote;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;
import java.util.ArrayList;
import java.util.List;

/** Request of {@code monitorStocks}: the symbols whose quotes the monitor wants. */
@XmlType(name = "MonitorStocks", propOrder = {"symbol"})
public class MonitorStocks {

    @XmlElement(required = true)
    private List<String> symbol = new ArrayList<>();

    public MonitorStocks() {
    }

    public MonitorStocks(List<String> symbols) {
        this.symbol = new ArrayList<>(symbols);
    }

    public List<String> getSymbol() {
        return symbol;
    }
}
