package org.servicedomain.samples.otherquotes;

import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.annotation.XmlElementDecl;
import jakarta.xml.bind.annotation.XmlRegistry;
import javax.xml.namespace.QName;

/** Declares the operation and fault elements, so the WSDL's schema declares them exactly once and not nillable. */
@XmlRegistry
public class ObjectFactory {

    private static final String NS = OtherQuotesPortType.NAMESPACE;

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

    @XmlElementDecl(namespace = NS, name = "buyResponse")
    public JAXBElement<BuyResponse> createBuyResponse(BuyResponse value) {
        return new JAXBElement<>(new QName(NS, "buyResponse"), BuyResponse.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "getDividend")
    public JAXBElement<GetDividend> createGetDividend(GetDividend value) {
        return new JAXBElement<>(new QName(NS, "getDividend"), GetDividend.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "getDividendResponse")
    public JAXBElement<GetDividendResponse> createGetDividendResponse(GetDividendResponse value) {
        return new JAXBElement<>(new QName(NS, "getDividendResponse"), GetDividendResponse.class, value);
    }

    @XmlElementDecl(namespace = NS, name = "unknownSymbol")
    public JAXBElement<UnknownSymbol> createUnknownSymbol(UnknownSymbol value) {
        return new JAXBElement<>(new QName(NS, "unknownSymbol"), UnknownSymbol.class, value);
    }
}
