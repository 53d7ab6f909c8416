package org.servicedomain.node.engine.envelope;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.SoapVersion;

/**
 * A look at an envelope without a parser, for a request the node may refuse before it parses it.
 * It only looks at a <em>plain</em> message: UTF-8, no reference ({@code &}), no DOCTYPE, comment,
 * CDATA section or processing instruction (the XML declaration aside), no declaration of the node's
 * own namespace (a session or a parent's context). In such a message every {@code <} opens a tag and
 * every byte outside the tags is text as it stands, so the operation element, and whether a text
 * could be in the payload, are found by one loop over the bytes, the text searched where it lies
 * ({@link MessageText}). It does not check that the message
 * is well-formed: a request it lets through is parsed in full before anything is sent.
 */
public final class PlainEnvelope {

    private static final byte[] NODE_NAMESPACE = SoapRequestReader.SESSION_HEADER.getNamespaceURI()
            .getBytes(StandardCharsets.US_ASCII);
    private static final int OPERATION_DEPTH = 3;
    private static final byte[] DECLARATION_END = {'?', '>'};
    private static final byte[] ENCODING = "encoding".getBytes(StandardCharsets.US_ASCII);

    private final QName operationElement;
    private final MessageText text;

    private PlainEnvelope(QName operationElement, MessageText text) {
        this.operationElement = operationElement;
        this.text = text;
    }

    /** The first element of the soap:Body. */
    public QName operationElement() {
        return operationElement;
    }

    /**
     * Whether an element's text (its own and its descendants', as content rules read it) could be
     * {@code value}: false only when the bytes of {@code value} appear nowhere in the message's text.
     * A value with a line break is always possible (a parser turns CR LF into LF).
     */
    public boolean mayHoldText(String value) {
        if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            return true;
        }
        return text.contains(value.getBytes(StandardCharsets.UTF_8));
    }

    /** The message as a plain envelope of {@code version}, or null when it is not one (the full parse decides then). */
    public static PlainEnvelope of(byte[] body, SoapVersion version) {
        int start = afterDeclaration(body);
        return start < 0 ? null : new Walk(body, version.envelopeNamespace()).run(start);
    }

    /** Where the content starts: after a UTF-8 byte order mark and an XML declaration of UTF-8; -1 for another encoding. */
    private static int afterDeclaration(byte[] body) {
        int i = body.length >= 3 && (body[0] & 0xff) == 0xef && (body[1] & 0xff) == 0xbb && (body[2] & 0xff) == 0xbf ? 3 : 0;
        if (!startsWith(body, i, "<?xml") || body.length <= i + 5 || !(isSpace(body[i + 5]) || body[i + 5] == '?')) {
            return i; // no declaration; a processing instruction such as <?xml-stylesheet?> makes the walk decline
        }
        int end = indexOf(body, body.length, DECLARATION_END, i);
        if (end < 0) {
            return -1;
        }
        int encoding = indexOf(body, end, ENCODING, i);
        if (encoding < 0) {
            return end + 2;
        }
        int at = skipSpaces(body, encoding + ENCODING.length);
        if (at >= end || body[at] != '=') {
            return -1;
        }
        at = skipSpaces(body, at + 1);
        boolean utf8 = at + 6 < end && (body[at] == '"' || body[at] == '\'') && body[at + 6] == body[at]
                && new String(body, at + 1, 5, StandardCharsets.US_ASCII).equalsIgnoreCase("UTF-8");
        return utf8 ? end + 2 : -1;
    }

    private static int skipSpaces(byte[] body, int from) {
        int i = from;
        while (i < body.length && isSpace(body[i])) {
            i++;
        }
        return i;
    }

    /** One pass over the tags: the operation element with its namespace, and the text between the tags. */
    private static final class Walk {
        private final byte[] body;
        private final String envelopeNamespace;
        private final MessageText text;
        private final List<String[]> declared = new ArrayList<>(); // prefix, uri of the open elements down to the operation
        private final int[] declaredAtDepth = new int[OPERATION_DEPTH + 1];
        private int depth;
        private boolean inBody;
        private QName operation;

        Walk(byte[] body, String envelopeNamespace) {
            this.body = body;
            this.envelopeNamespace = envelopeNamespace;
            this.text = new MessageText(body);
        }

        PlainEnvelope run(int start) {
            int i = start;
            while (i < body.length) {
                int textStart = i;
                while (i < body.length && body[i] != '<') {
                    if (body[i] == '&') {
                        return null;
                    }
                    i++;
                }
                text.run(textStart, i);
                if (i < body.length) {
                    i = tag(i + 1);
                    if (i < 0) {
                        return null;
                    }
                }
            }
            return operation == null || depth != 0 ? null : new PlainEnvelope(operation, text);
        }

        /** Reads the tag whose name starts at {@code i}; the index after it, or -1 when the message is not plain. */
        private int tag(int i) {
            if (i >= body.length || body[i] == '!' || body[i] == '?') {
                return -1;
            }
            boolean end = body[i] == '/';
            int nameStart = end ? i + 1 : i;
            int j = nameStart;
            while (j < body.length && !isSpace(body[j]) && body[j] != '>' && body[j] != '/') {
                j++;
            }
            String name = operation == null && !end ? new String(body, nameStart, j - nameStart, StandardCharsets.UTF_8) : null;
            int declaredBefore = declared.size();
            boolean empty = false;
            while (true) {
                while (j < body.length && isSpace(body[j])) {
                    j++;
                }
                if (j >= body.length) {
                    return -1;
                }
                if (body[j] == '>') {
                    break;
                }
                if (body[j] == '/' && !end) {
                    empty = true;
                    j++;
                    continue;
                }
                j = attribute(j, name != null);
                if (j < 0) {
                    return -1;
                }
            }
            if (end) {
                depth--;
                if (depth < OPERATION_DEPTH) {
                    unwind(depth);
                }
                return depth < 0 ? -1 : j + 1;
            }
            if (!opened(name, declaredBefore)) {
                return -1;
            }
            if (empty) {
                depth--;
                unwind(depth);
            }
            return j + 1;
        }

        /** Reads one {@code name="value"} from {@code i}; keeps it when it declares a namespace. */
        private int attribute(int i, boolean keep) {
            int eq = i;
            while (eq < body.length && body[eq] != '=' && body[eq] != '>') {
                eq++;
            }
            int q = eq + 1;
            while (q < body.length && isSpace(body[q])) {
                q++;
            }
            if (eq >= body.length || body[eq] != '=' || q >= body.length || (body[q] != '"' && body[q] != '\'')) {
                return -1;
            }
            int close = q + 1;
            while (close < body.length && body[close] != body[q]) {
                if (body[close] == '&' || body[close] == '<') {
                    return -1;
                }
                close++;
            }
            if (close >= body.length) {
                return -1;
            }
            boolean declaration = startsWith(body, i, "xmlns");
            if (declaration && close - q - 1 == NODE_NAMESPACE.length
                    && Arrays.equals(body, q + 1, close, NODE_NAMESPACE, 0, NODE_NAMESPACE.length)) {
                return -1; // the node's own namespace: a session, or a parent's context, the full parse reads
            }
            if (keep && declaration) {
                String attribute = new String(body, i, eq - i, StandardCharsets.UTF_8).strip();
                if (attribute.equals("xmlns") || attribute.startsWith("xmlns:")) {
                    declared.add(new String[] {attribute.length() == 5 ? "" : attribute.substring(6),
                            new String(body, q + 1, close - q - 1, StandardCharsets.UTF_8)});
                }
            }
            return close + 1;
        }

        /** A start tag, its namespaces read: the Envelope, the Body, the operation element; false when out of place. */
        private boolean opened(String name, int declaredBefore) {
            depth++;
            if (depth <= OPERATION_DEPTH) {
                declaredAtDepth[depth] = declaredBefore;
            }
            if (operation != null || depth > OPERATION_DEPTH) {
                return true;
            }
            QName element = resolve(name);
            if (element == null) {
                return false;
            }
            if (depth == 1) {
                return element.getNamespaceURI().equals(envelopeNamespace) && element.getLocalPart().equals("Envelope");
            }
            if (depth == 2) {
                inBody = element.getNamespaceURI().equals(envelopeNamespace) && element.getLocalPart().equals("Body");
            } else if (inBody) {
                operation = element;
            }
            return true;
        }

        /** Forgets the namespaces of the elements closed above {@code open} levels, while the operation is still sought. */
        private void unwind(int open) {
            if (operation == null && open >= 0 && open < OPERATION_DEPTH) {
                declared.subList(declaredAtDepth[open + 1], declared.size()).clear();
            }
        }

        private QName resolve(String name) {
            int colon = name.indexOf(':');
            String prefix = colon < 0 ? "" : name.substring(0, colon);
            for (int k = declared.size() - 1; k >= 0; k--) {
                if (declared.get(k)[0].equals(prefix)) {
                    return new QName(declared.get(k)[1], name.substring(colon + 1));
                }
            }
            return prefix.isEmpty() ? new QName("", name) : null;
        }
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r';
    }

    private static boolean startsWith(byte[] body, int at, String prefix) {
        if (body.length - at < prefix.length()) {
            return false;
        }
        for (int k = 0; k < prefix.length(); k++) {
            if (body[at + k] != prefix.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] in, int length, byte[] sought, int from) {
        if (sought.length == 0) {
            return from;
        }
        byte first = sought[0];
        for (int i = from; i <= length - sought.length; i++) {
            if (in[i] == first && Arrays.equals(in, i, i + sought.length, sought, 0, sought.length)) {
                return i;
            }
        }
        return -1;
    }
}
