package org.servicedomain.node.engine.compose;

import java.util.List;
import org.servicedomain.node.directive.Composer;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The built-in {@code concatenate} composer: the first answer's top element with the child elements
 * of every other answer's top element appended, so lists of repeated elements (quotes, hits) add up.
 */
public final class ConcatenatingComposer implements Composer {

    public static final String NAME = "concatenate";

    @Override
    public Element compose(List<Element> answers) {
        Element first = answers.get(0);
        Document target = first.getOwnerDocument();
        Element composed = (Element) first.cloneNode(true);
        for (Element other : answers.subList(1, answers.size())) {
            for (Node child = other.getFirstChild(); child != null; child = child.getNextSibling()) {
                if (child.getNodeType() == Node.ELEMENT_NODE) {
                    composed.appendChild(target.importNode(child, true));
                }
            }
        }
        return composed;
    }
}
