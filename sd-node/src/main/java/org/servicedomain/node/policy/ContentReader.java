package org.servicedomain.node.policy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.xml.StreamedXml;

/**
 * Reads the message values content rules need, in one streaming pass over the payload and only
 * when a rule for the operation needs one: the text of the first element each path reaches,
 * starting at the operation element (the first child of soap:Body).
 */
public final class ContentReader {

    private ContentReader() {
    }

    public static Map<String, String> read(byte[] envelope, List<ContentCondition> conditions) {
        try {
            return StreamedXml.read(envelope, reader -> scan(reader, conditions));
        } catch (XMLStreamException e) {
            throw new NodeFault(FaultCode.BadRequest, "the request could not be read for content rules: " + e.getMessage());
        }
    }

    private static Map<String, String> scan(XMLStreamReader reader, List<ContentCondition> conditions) throws XMLStreamException {
        Map<String, String> values = new HashMap<>();
        List<QName> path = new ArrayList<>();
        long wanted = conditions.stream().map(ContentCondition::name).distinct().count();
        while (reader.hasNext() && values.size() < wanted) {
            int event = reader.next();
            if (event == XMLStreamConstants.END_ELEMENT) {
                path.remove(path.size() - 1);
            } else if (event == XMLStreamConstants.START_ELEMENT) {
                path.add(reader.getName());
                ContentCondition hit = firstUnsatisfied(conditions, values, path);
                if (hit != null) {
                    String text = StreamedXml.allText(reader);
                    path.remove(path.size() - 1);
                    for (ContentCondition c : conditions) {
                        if (!values.containsKey(c.name()) && reaches(c.path(), path, reader.getName())) {
                            values.put(c.name(), text);
                        }
                    }
                }
            }
        }
        return values;
    }

    private static ContentCondition firstUnsatisfied(List<ContentCondition> conditions, Map<String, String> values,
            List<QName> path) {
        for (ContentCondition c : conditions) {
            if (!values.containsKey(c.name()) && reaches(c.path(), path.subList(0, path.size() - 1), path.get(path.size() - 1))) {
                return c;
            }
        }
        return null;
    }

    /**
     * Whether an element named {@code name} whose ancestors are {@code ancestors} (Envelope,
     * Body, operation element, ...) is where {@code contentPath} points.
     */
    private static boolean reaches(ContentPath contentPath, List<QName> ancestors, QName name) {
        int operationDepth = 3;
        int depth = ancestors.size() + 1;
        if (depth <= operationDepth || !"Body".equals(ancestors.get(1).getLocalPart())) {
            return false;
        }
        if (contentPath.descendant()) {
            return contentPath.steps().get(0).equals(name);
        }
        List<QName> steps = contentPath.steps();
        if (depth - operationDepth != steps.size() || !steps.get(steps.size() - 1).equals(name)) {
            return false;
        }
        for (int i = 0; i < steps.size() - 1; i++) {
            if (!steps.get(i).equals(ancestors.get(operationDepth + i))) {
                return false;
            }
        }
        return true;
    }
}
