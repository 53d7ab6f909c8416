package org.servicedomain.samples.stockquote;

import jakarta.xml.bind.annotation.XmlType;
import java.util.ArrayList;
import java.util.List;

/**
 * Response of {@code monitorStocks}: one quote per asked symbol the provider's exchange lists, none
 * for the others; so the answers of several exchanges add up to the monitor's whole list.
 */
@XmlType(name = "MonitorStocksResponse", propOrder = {"quote"})
public class MonitorStocksResponse {

    private List<Quote> quote = new ArrayList<>();

    public MonitorStocksResponse() {
    }

    public MonitorStocksResponse(List<Quote> quotes) {
        this.quote = new ArrayList<>(quotes);
    }

    public List<Quote> getQuote() {
        return quote;
    }
}
