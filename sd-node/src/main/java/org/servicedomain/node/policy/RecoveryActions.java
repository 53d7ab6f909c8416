package org.servicedomain.node.policy;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.xml.stream.XMLStreamException;
import org.servicedomain.node.xml.StreamedXml;
import org.servicedomain.policy.v1.BackOut;
import org.servicedomain.policy.v1.BackOutValue;
import org.servicedomain.policy.v1.Idempotent;
import org.servicedomain.policy.v1.Recovery;

/**
 * Compiles the parts of a recovery element that say what is safe to retry and what to do when
 * nothing more is: the idempotent operations and the back-out action. Each is inherited whole
 * from the parent when the element does not give it.
 */
final class RecoveryActions {

    /** The longest back-out payload a policy may hold, in characters. */
    static final int MAX_PAYLOAD = 64 * 1024;

    private RecoveryActions() {
    }

    static Set<String> idempotent(Recovery given, RecoveryRule parent) {
        if (given.getIdempotent().isEmpty()) {
            return parent.idempotentOperations();
        }
        Set<String> operations = new HashSet<>();
        for (Idempotent i : given.getIdempotent()) {
            operations.addAll(i.getOperation());
        }
        return operations;
    }

    static BackOutRule backOut(Recovery given, RecoveryRule parent, Map<String, String> namespaces) {
        BackOut element = given.getBackOut();
        if (element == null) {
            return parent.backOut();
        }
        Map<String, ContentPath> values = new LinkedHashMap<>();
        for (BackOutValue v : element.getValue()) {
            if (BackOutRule.BUILT_IN.contains(v.getName())) {
                throw PolicyErrors.at(v, "back-out value '" + v.getName() + "' is a built-in name");
            }
            try {
                if (values.put(v.getName(), ContentPath.parse(v.getSelect(), namespaces)) != null) {
                    throw PolicyErrors.at(v, "back-out value '" + v.getName() + "' is given twice");
                }
            } catch (IllegalArgumentException e) {
                throw PolicyErrors.at(v, "back-out value select " + e.getMessage());
            }
        }
        String payload = element.getPayload().strip();
        if (payload.length() > MAX_PAYLOAD) {
            throw PolicyErrors.at(element, "the back-out payload must be at most " + MAX_PAYLOAD + " characters");
        }
        BackOutRule rule = new BackOutRule(element.getVirtualPort(), element.getOperation(),
                Set.copyOf(element.getOnOperation()), values, payload);
        for (String name : rule.placeholders()) {
            if (!values.containsKey(name) && !BackOutRule.BUILT_IN.contains(name)) {
                throw PolicyErrors.at(element, "the back-out payload uses ${" + name + "}, which no value element names");
            }
        }
        checkWellFormed(element, rule.fill(Map.of()));
        return rule;
    }

    private static void checkWellFormed(BackOut element, String payload) {
        try {
            StreamedXml.read(payload, reader -> {
                while (reader.hasNext()) {
                    reader.next();
                }
                return null;
            });
        } catch (XMLStreamException e) {
            throw PolicyErrors.at(element, "the back-out payload is not one well-formed XML element: " + e.getMessage());
        }
    }
}
