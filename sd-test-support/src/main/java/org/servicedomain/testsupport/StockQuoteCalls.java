package org.servicedomain.testsupport;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Hand-written stock-quote requests, for tests that drive a virtual port over raw HTTP. */
public final class StockQuoteCalls {

    public static final String NS = "urn:sd:samples:stockquote";
    public static final String GET_QUOTE_ACTION = "\"" + NS + "#getQuote\"";

    private StockQuoteCalls() {
    }

    public static String getQuoteBody(String symbol) {
        return "<q:getQuote xmlns:q=\"" + NS + "\"><q:symbol>" + symbol + "</q:symbol></q:getQuote>";
    }

    public static final String BUY_ACTION = "\"" + NS + "#buy\"";

    /** Sends getQuote(symbol) over SOAP 1.1 to {@code address}, anonymously. */
    public static SoapReply getQuote(URI address, String symbol) {
        return getQuote(address, symbol, null);
    }

    /** Sends getQuote(symbol) anonymously, each value of {@code headers} on a header line of its own. */
    public static SoapReply getQuoteWithHeaderLines(URI address, String symbol, Map<String, List<String>> headers) {
        return SoapExchange.postWithHeaderLines(address, "text/xml; charset=UTF-8", GET_QUOTE_ACTION,
                SoapExchange.soap11(null, getQuoteBody(symbol)).getBytes(StandardCharsets.UTF_8), headers);
    }

    /** Sends getQuote(symbol) in the session {@code sessionId} (null: anonymously). */
    public static SoapReply getQuote(URI address, String symbol, String sessionId) {
        return SoapExchange.post(address, "text/xml; charset=UTF-8", GET_QUOTE_ACTION,
                SoapExchange.soap11(SoapExchange.sessionHeader(sessionId), getQuoteBody(symbol)));
    }

    /** Sends getQuote(symbol) anonymously with further HTTP headers (a deadline, a hop marker). */
    public static SoapReply getQuoteWith(URI address, String symbol, Map<String, String> headers) {
        return SoapExchange.post(address, "text/xml; charset=UTF-8", GET_QUOTE_ACTION,
                SoapExchange.soap11(null, getQuoteBody(symbol)).getBytes(StandardCharsets.UTF_8), headers);
    }

    /** Sends buy(symbol, quantity) in the session {@code sessionId} (null: anonymously). */
    public static SoapReply buy(URI address, String symbol, int quantity, String sessionId) {
        return SoapExchange.post(address, "text/xml; charset=UTF-8", BUY_ACTION,
                SoapExchange.soap11(SoapExchange.sessionHeader(sessionId), "<q:buy xmlns:q=\"" + NS + "\"><q:symbol>"
                        + symbol + "</q:symbol><q:quantity>" + quantity + "</q:quantity></q:buy>"));
    }

    public static final String MONITOR_STOCKS_ACTION = "\"" + NS + "#monitorStocks\"";

    /** One quote of a {@code monitorStocks} answer: its symbol and the provider that quoted it. */
    public record Quote(String symbol, String provider) {
    }

    /** Sends monitorStocks(symbols) over SOAP 1.1 to {@code address}, anonymously. */
    public static SoapReply monitorStocks(URI address, String... symbols) {
        StringBuilder body = new StringBuilder("<q:monitorStocks xmlns:q=\"" + NS + "\">");
        for (String symbol : symbols) {
            body.append("<q:symbol>").append(symbol).append("</q:symbol>");
        }
        return SoapExchange.post(address, "text/xml; charset=UTF-8", MONITOR_STOCKS_ACTION,
                SoapExchange.soap11(null, body.append("</q:monitorStocks>").toString()));
    }

    /** The quotes of a monitorStocks answer, in document order. */
    public static List<Quote> quotesIn(SoapReply reply) {
        NodeList found = reply.parse().getElementsByTagNameNS(NS, "quote");
        List<Quote> quotes = new ArrayList<>();
        for (int i = 0; i < found.getLength(); i++) {
            Element quote = (Element) found.item(i);
            quotes.add(new Quote(quote.getElementsByTagNameNS(NS, "symbol").item(0).getTextContent(),
                    quote.getElementsByTagNameNS(NS, "provider").item(0).getTextContent()));
        }
        return quotes;
    }

    /** Every provider named in a getQuote answer, in document order: several in a composed answer. */
    public static List<String> providersIn(SoapReply reply) {
        NodeList found = reply.parse().getElementsByTagNameNS(NS, "provider");
        List<String> providers = new ArrayList<>();
        for (int i = 0; i < found.getLength(); i++) {
            providers.add(found.item(i).getTextContent());
        }
        return providers;
    }

    /** The provider named in a getQuote answer. */
    public static String servedBy(SoapReply reply) {
        return reply.firstText(NS, "provider").orElseThrow(() -> new AssertionError("no provider in the answer: HTTP " + reply.status()
                        + " " + reply.text()));
    }
}
