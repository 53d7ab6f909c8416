package org.servicedomain.testsupport;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Hand-written requests to the back-out sample service, for tests that check what it received. */
public final class BackOutCalls {

    public static final String NS = "urn:sd:samples:backout";

    /** One back-out as the provider recorded it. */
    public record Received(String operation, String reference, String detail) {
    }

    private BackOutCalls() {
    }

    /** Asks the back-out provider at {@code address} for every back-out it received, oldest first. */
    public static List<Received> received(URI address) {
        SoapReply reply = SoapExchange.post(address, "text/xml; charset=UTF-8", "\"" + NS + "#listBackOuts\"",
                SoapExchange.soap11(null, "<b:listBackOuts xmlns:b=\"" + NS + "\"/>"));
        if (reply.status() != 200) {
            throw new AssertionError("listBackOuts answered HTTP " + reply.status() + ": " + reply.text());
        }
        NodeList items = reply.parse().getElementsByTagNameNS(NS, "backOut");
        List<Received> received = new ArrayList<>();
        for (int i = 0; i < items.getLength(); i++) {
            Element item = (Element) items.item(i);
            received.add(new Received(text(item, "operation"), text(item, "reference"), text(item, "detail")));
        }
        return received;
    }

    private static String text(Element parent, String name) {
        NodeList found = parent.getElementsByTagNameNS(NS, name);
        return found.getLength() == 0 ? null : found.item(0).getTextContent();
    }
}
