package org.servicedomain.samples.otherquotes;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;
import jakarta.xml.bind.annotation.XmlSeeAlso;

/**
 * The other vendor's quote port type: {@code getQuote} and {@code buy} with the stock-quote service's
 * message shapes in namespace {@value #NAMESPACE}, and {@code getDividend}, which the stock-quote
 * service lacks. A quote of an unlisted symbol is its business fault {@code unknownSymbol}.
 */
@XmlSeeAlso(ObjectFactory.class)
@WebService(name = "OtherQuotesPortType", targetNamespace = OtherQuotesPortType.NAMESPACE)
@SOAPBinding(style = SOAPBinding.Style.DOCUMENT, use = SOAPBinding.Use.LITERAL,
        parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface OtherQuotesPortType {

    String NAMESPACE = "urn:sd:samples:otherquotes";
    /** The symbol no other-quotes provider lists: quoting it is an {@code unknownSymbol} fault. */
    String UNLISTED = "UNLISTED";

    @WebMethod(operationName = "getQuote", action = NAMESPACE + ":quote")
    @WebResult(name = "getQuoteResponse", targetNamespace = NAMESPACE, partName = "parameters")
    GetQuoteResponse getQuote(
            @WebParam(name = "getQuote", targetNamespace = NAMESPACE, partName = "parameters") GetQuote request)
            throws UnknownSymbolFault;

    @WebMethod(operationName = "buy", action = NAMESPACE + ":buy")
    @WebResult(name = "buyResponse", targetNamespace = NAMESPACE, partName = "parameters")
    BuyResponse buy(@WebParam(name = "buy", targetNamespace = NAMESPACE, partName = "parameters") Buy request);

    /** The yearly dividend per share of {@code symbol}, a pure function of it. */
    @WebMethod(operationName = "getDividend", action = NAMESPACE + ":dividend")
    @WebResult(name = "getDividendResponse", targetNamespace = NAMESPACE, partName = "parameters")
    GetDividendResponse getDividend(
            @WebParam(name = "getDividend", targetNamespace = NAMESPACE, partName = "parameters") GetDividend request);
}
