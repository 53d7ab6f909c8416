package org.servicedomain.testsupport;

import java.net.URI;

/**
 * Requests of the other-quotes sample (the stock-quote service in another namespace) and the policy
 * that places its port type into the stock-quote virtual port, for tests of placement.
 */
public final class OtherQuotesCalls {

    public static final String NS = "urn:sd:samples:otherquotes";
    public static final String PORT_TYPE = "{" + NS + "}OtherQuotesPortType";
    /** The symbol an other-quotes provider answers with its {@code unknownSymbol} fault. */
    public static final String UNLISTED = "UNLISTED";

    private OtherQuotesCalls() {
    }

    /**
     * The sample policy that places the other-quotes port type into the stock-quote port, calls spread
     * round-robin ({@code samples/policies/similar-quotes.xml}).
     */
    public static String placementPolicy() {
        return Resources.text("policies/similar-quotes.xml");
    }

    /** Sends getDividend(symbol) over SOAP 1.1 to {@code address}, in the other-quotes namespace. */
    public static SoapReply getDividend(URI address, String symbol) {
        return SoapExchange.post(address, "text/xml; charset=UTF-8", "\"" + NS + ":dividend\"",
                SoapExchange.soap11(null, "<o:getDividend xmlns:o=\"" + NS + "\"><o:symbol>" + symbol
                        + "</o:symbol></o:getDividend>"));
    }
}
