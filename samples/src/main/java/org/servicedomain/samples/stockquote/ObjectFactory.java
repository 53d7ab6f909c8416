package org.servicedomain.samples.stockquote;

import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.annotation.XmlElementDecl;
import jakarta.xml.bind.annotation.XmlRegistry;
import javax.xml.namespace.QName;

/** Declares the operation elements, so the WSDL's schema declares them exactly once and not nillable. */
@XmlRegistry
public class ObjectFactory {

    private static final String NS = StockQuotePortType.NAMESPACE;

    @XmlElementDecl(namespace = NS, name = "getQuote")
    public JAXBElement<GetQuote> createGetQuote(GetQuote value) {
        return new JAXBElement<>(new QName(NS, "getQuote"), GetQuote.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "getQuoteResponse")
    public JAXBElement<GetQuoteResponse> createGetQuoteResponse(GetQuoteResponse value) {
        return new JAXBElement<>(new QName(NS, "getQuoteResponse"), GetQuoteResponse.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "buy")
    public JAXBElement<Buy> createBuy(Buy value) {
        return new JAXBElement<>(new QName(NS, "buy"), Buy.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "monitorStocks")
    public JAXBElement<MonitorStocks> createMonitorStocks(MonitorStocks value) {
        return new JAXBElement<>(new QName(NS, "monitorStocks"), MonitorStocks.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "monitorStocksResponse")
    public JAXBElement<MonitorStocksResponse> createMonitorStocksResponse(MonitorStocksResponse value) {
        return new JAXBElement<>(new QName(NS, "monitorStocksResponse"), MonitorStocksResponse.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "buyResponse")
    public JAXBElement<BuyResponse> createBuyResponse(BuyResponse value) {
        return new JAXBElement<>(new QName(NS, "buyResponse"), BuyResponse.class, value);
    }
}
