package org.servicedomain.testsupport;

import java.net.URI;

/** Hand-written credit-check and financial-grid requests, for tests that drive virtual ports over raw HTTP. */
public final class GridCalls {

    public static final String CREDIT_NS = "urn:sd:samples:creditcheck";
    public static final String FINANCE_NS = "urn:sd:samples:finance";

    private GridCalls() {
    }

    /** Sends check(customerId) over SOAP 1.1 to {@code address}, anonymously. */
    public static SoapReply creditCheck(URI address, String customerId) {
        return SoapExchange.post(address, "text/xml; charset=UTF-8", "\"" + CREDIT_NS + "#check\"",
                SoapExchange.soap11(null, "<c:check xmlns:c=\"" + CREDIT_NS + "\"><c:customerId>" + customerId
                        + "</c:customerId></c:check>"));
    }

    /** Sends order(customer, item, amount) to a financial-grid port at {@code address}, anonymously. */
    public static SoapReply order(URI address, String customer, String item, long amount) {
        return order(address, customer, item, amount, null);
    }

    /** Sends order(customer, item, amount) to a financial-grid port at {@code address} in session {@code sessionId} (null: none). */
    public static SoapReply order(URI address, String customer, String item, long amount, String sessionId) {
        return SoapExchange.post(address, "text/xml; charset=UTF-8", "\"" + FINANCE_NS + "#order\"",
                SoapExchange.soap11(sessionId == null ? null : SoapExchange.sessionHeader(sessionId), "<f:order xmlns:f=\"" + FINANCE_NS + "\"><f:customer>" + customer
                        + "</f:customer><f:item>" + item + "</f:item><f:amount>" + amount + "</f:amount></f:order>"));
    }

    /** The provider named in a credit-check or financial-grid answer. */
    public static String servedBy(SoapReply reply) {
        return reply.firstText(CREDIT_NS, "provider").or(() -> reply.firstText(FINANCE_NS, "provider"))
                .orElseThrow(() -> new AssertionError("no provider in the answer: HTTP " + reply.status() + " " + reply.text()));
    }
}
