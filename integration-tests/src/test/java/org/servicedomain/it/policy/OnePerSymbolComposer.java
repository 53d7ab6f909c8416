package org.servicedomain.it.policy;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.servicedomain.node.directive.Composer;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A stock monitor's own composer, plugged in as a {@code custom} composer: exchanges whose lists
 * overlap quote a symbol more than once, so this keeps the first quote of each symbol (in the order
 * the instances were asked) and lists them in symbol order.
 */
public final class OnePerSymbolComposer implements Composer {

    private static final String NS = "urn:sd:samples:stockquote";

    @Override
    public Element compose(List<Element> answers) {
        Map<String, Element> bySymbol = new TreeMap<>();
        for (Element answer : answers) {
            for (Node child = answer.getFirstChild(); child != null; child = child.getNextSibling()) {
                if (child instanceof Element quote && "quote".equals(quote.getLocalName())) {
                    bySymbol.putIfAbsent(quote.getElementsByTagNameNS(NS, "symbol").item(0).getTextContent(), quote);
                }
            }
        }
        Element first = answers.get(0);
        Element composed = (Element) first.cloneNode(false);
        bySymbol.values().forEach(quote -> composed.appendChild(first.getOwnerDocument().importNode(quote, true)));
        return composed;
    }
}
