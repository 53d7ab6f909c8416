package org.servicedomain.samples.stockquote;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;
import jakarta.xml.bind.annotation.XmlSeeAlso;

/**
 * The stock-quote port type. Operations are document/literal with one part named
 * {@code parameters} whose element is named after the operation, i.e. the WSDL follows the
 * wrapped convention while Java sees one request and one response bean.
 */
@XmlSeeAlso(ObjectFactory.class)
@WebService(name = "StockQuotePortType", targetNamespace = StockQuotePortType.NAMESPACE)
@SOAPBinding(style = SOAPBinding.Style.DOCUMENT, use = SOAPBinding.Use.LITERAL,
        parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface StockQuotePortType {

    String NAMESPACE = "urn:sd:samples:stockquote";
    String GET_QUOTE_ACTION = NAMESPACE + "#getQuote";
    String BUY_ACTION = NAMESPACE + "#buy";
    String MONITOR_STOCKS_ACTION = NAMESPACE + "#monitorStocks";

    /** A deterministic quote for {@code symbol}, naming the provider that answered. */
    @WebMethod(operationName = "getQuote", action = GET_QUOTE_ACTION)
    @WebResult(name = "getQuoteResponse", targetNamespace = NAMESPACE, partName = "parameters")
    GetQuoteResponse getQuote(
            @WebParam(name = "getQuote", targetNamespace = NAMESPACE, partName = "parameters") GetQuote request);

    /** Places a (pretend) purchase; the order id is unique per provider and names it. */
    @WebMethod(operationName = "buy", action = BUY_ACTION)
    @WebResult(name = "buyResponse", targetNamespace = NAMESPACE, partName = "parameters")
    BuyResponse buy(@WebParam(name = "buy", targetNamespace = NAMESPACE, partName = "parameters") Buy request);

    /**
     * The model's stock monitor, as one exchange answers it: a quote for each asked symbol the
     * provider lists, none for the others (a node composes several exchanges' answers into one).
     */
    @WebMethod(operationName = "monitorStocks", action = MONITOR_STOCKS_ACTION)
    @WebResult(name = "monitorStocksResponse", targetNamespace = NAMESPACE, partName = "parameters")
    MonitorStocksResponse monitorStocks(
            @WebParam(name = "monitorStocks", targetNamespace = NAMESPACE, partName = "parameters") MonitorStocks request);
}
