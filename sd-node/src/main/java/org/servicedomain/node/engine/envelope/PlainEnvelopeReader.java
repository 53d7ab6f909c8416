package org.servicedomain.node.engine.envelope;

import java.nio.charset.StandardCharsets;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.SoapVersion;

/**
 * The envelope pass for the common message, without a parser: it checks that a <em>plain</em>
 * message is well-formed XML with well-formed namespaces, and picks out the operation element, as
 * {@link SoapRequestReader} does with StAX at a fraction of the cost. Plain here is narrower than
 * anything XML allows: UTF-8 with at most a minimal XML declaration, ASCII names, no reference,
 * DOCTYPE, comment, CDATA section or processing instruction, no declaration of the node's own
 * namespace (so no session header), a few attributes per element and a bounded depth. Whatever
 * falls outside that, and whatever would be refused, gets {@code null}: the StAX pass then decides,
 * with its own message. So this reader only ever says yes, and only where the parser would too
 * ({@code PlainEnvelopeReaderTest} holds the two side by side).
 */
final class PlainEnvelopeReader {

    private static final byte[] NODE_NAMESPACE = SoapRequestReader.SESSION_HEADER.getNamespaceURI()
            .getBytes(StandardCharsets.US_ASCII);
    private static final int MAX_DEPTH = 64;
    private static final int MAX_ATTRIBUTES = 16;

    /** Not plain, or not well-formed: the parser decides. Thrown without a stack, as a jump. */
    private static final class NotPlain extends RuntimeException {
        private static final NotPlain INSTANCE = new NotPlain();

        private NotPlain() {
            super(null, null, false, false);
        }
    }

    private final byte[] b;
    private final SoapVersion version;
    private int pos;
    /** The open elements' qualified names, as offset and length in {@link #b}. */
    private final int[] openAt = new int[MAX_DEPTH];
    private final int[] openLength = new int[MAX_DEPTH];
    private int depth;
    private final PlainNamespaces namespaces;
    /** The current start tag's attributes, name and colon positions, for the duplicate and binding checks. */
    private final int[] attributeAt = new int[MAX_ATTRIBUTES];
    private final int[] attributeLength = new int[MAX_ATTRIBUTES];
    private final int[] attributeColon = new int[MAX_ATTRIBUTES];
    private int attributes;
    private boolean inBody;
    private boolean sawBody;
    private QName operation;

    private PlainEnvelopeReader(byte[] body, SoapVersion version) {
        this.b = body;
        this.version = version;
        this.namespaces = new PlainNamespaces(body);
    }

    /** The envelope of a plain, well-formed {@code body}, or null when the StAX pass must decide. */
    static SoapRequest read(byte[] body, SoapVersion version) {
        try {
            return new PlainEnvelopeReader(body, version).document();
        } catch (NotPlain | ArrayIndexOutOfBoundsException e) {
            return null; // ran past the end: not well-formed, and the parser says why
        }
    }

    private SoapRequest document() {
        pos = PlainDeclaration.end(b);
        if (pos < 0) {
            throw NotPlain.INSTANCE;
        }
        skipSpace();
        expect('<');
        element();
        skipSpace();
        if (pos != b.length || !sawBody || operation == null) {
            throw NotPlain.INSTANCE;
        }
        return new SoapRequest(operation, null, -1, -1);
    }

    /** One element from just after its {@code <}, with everything inside it, to just after its end. */
    private void element() {
        while (true) {
            int nameAt = pos;
            int colon = name();
            int nameLength = pos - nameAt;
            boolean empty = startTagRest();
            open(nameAt, nameLength, colon);
            if (empty) {
                close();
            }
            while (depth > 0) {
                content();
                if (b[pos + 1] == '/') {
                    pos += 2;
                    endTag();
                } else {
                    pos++;
                    break; // a child opens: its name is next
                }
            }
            if (depth == 0) {
                return;
            }
        }
    }

    /** Attributes, then {@code >} or {@code />}; true for an empty element. Binds this element's declarations. */
    private boolean startTagRest() {
        attributes = 0;
        int declaredBefore = namespaces.mark();
        while (true) {
            boolean spaced = skipSpace();
            byte c = b[pos];
            if (c == '>') {
                pos++;
                return false;
            }
            if (c == '/') {
                pos++;
                expect('>');
                return true;
            }
            if (!spaced) {
                throw NotPlain.INSTANCE;
            }
            attribute(declaredBefore);
        }
    }

    private void attribute(int declaredBefore) {
        int nameAt = pos;
        int colon = name();
        int nameLength = pos - nameAt;
        skipSpace();
        expect('=');
        skipSpace();
        byte quote = b[pos];
        if (quote != '"' && quote != '\'') {
            throw NotPlain.INSTANCE;
        }
        int valueAt = ++pos;
        while (b[pos] != quote) {
            byte c = b[pos];
            if (c == '<' || c == '&' || c == '\t' || c == '\n' || c == '\r') {
                throw NotPlain.INSTANCE; // '<' is never allowed, '&' not plain; white space would be normalised
            }
            character();
        }
        int valueLength = pos - valueAt;
        pos++;
        if (isXmlns(nameAt, colon < 0 ? nameAt + nameLength : colon)) {
            declare(nameAt, nameLength, colon, valueAt, valueLength, declaredBefore);
        } else {
            if (attributes == MAX_ATTRIBUTES) {
                throw NotPlain.INSTANCE;
            }
            for (int i = 0; i < attributes; i++) {
                if (sameLocalName(attributeAt[i], attributeLength[i], attributeColon[i], nameAt, nameLength, colon)) {
                    throw NotPlain.INSTANCE; // a duplicate, or two names the namespaces might make one
                }
            }
            attributeAt[attributes] = nameAt;
            attributeLength[attributes] = nameLength;
            attributeColon[attributes] = colon;
            attributes++;
        }
    }

    /** Whether the name's prefix (or the whole name, unprefixed) is {@code xmlns}. */
    private boolean isXmlns(int nameAt, int prefixEnd) {
        return prefixEnd - nameAt == 5 && b[nameAt] == 'x' && b[nameAt + 1] == 'm' && b[nameAt + 2] == 'l'
                && b[nameAt + 3] == 'n' && b[nameAt + 4] == 's';
    }

    private void declare(int nameAt, int nameLength, int colon, int uriAt, int uriLength, int declaredBefore) {
        int prefixAt = colon < 0 ? nameAt : colon + 1;
        int prefixLength = colon < 0 ? 0 : nameAt + nameLength - prefixAt;
        boolean reserved = prefixLength >= 3 && (b[prefixAt] | 0x20) == 'x' && (b[prefixAt + 1] | 0x20) == 'm'
                && (b[prefixAt + 2] | 0x20) == 'l';
        if (reserved || (prefixLength > 0 && uriLength == 0) || PlainBytes.equalsAt(b, NODE_NAMESPACE, uriAt, uriLength)
                || !namespaces.declare(declaredBefore, prefixAt, prefixLength, uriAt, uriLength, depth + 1)) {
            throw NotPlain.INSTANCE;
        }
    }

    /** Opens the element whose start tag was just read: binds its name and its attributes' prefixes, then the SOAP roles. */
    private void open(int nameAt, int nameLength, int colon) {
        if (depth == MAX_DEPTH) {
            throw NotPlain.INSTANCE;
        }
        openAt[depth] = nameAt;
        openLength[depth] = nameLength;
        depth++;
        int uri = colon < 0 ? namespaces.binding(nameAt, 0) : namespaces.binding(nameAt, colon - nameAt);
        if (colon >= 0 && uri < 0) {
            throw NotPlain.INSTANCE; // an unbound prefix
        }
        for (int i = 0; i < attributes; i++) {
            if (attributeColon[i] >= 0 && namespaces.binding(attributeAt[i], attributeColon[i] - attributeAt[i]) < 0) {
                throw NotPlain.INSTANCE;
            }
        }
        int localAt = colon < 0 ? nameAt : colon + 1;
        int localLength = nameAt + nameLength - localAt;
        if (depth == 1) {
            if (!inEnvelopeNamespace(uri) || !PlainBytes.equalsAscii(b, "Envelope", localAt, localLength)) {
                throw NotPlain.INSTANCE; // the parser's pass words the refusal
            }
        } else if (depth == 2) {
            inBody = inEnvelopeNamespace(uri) && PlainBytes.equalsAscii(b, "Body", localAt, localLength);
            sawBody |= inBody;
        } else if (depth == 3 && inBody && operation == null) {
            String namespace = uri < 0 ? "" : new String(b, namespaces.uriAt(uri), namespaces.uriLength(uri), StandardCharsets.UTF_8);
            String prefix = colon < 0 ? "" : new String(b, nameAt, colon - nameAt, StandardCharsets.US_ASCII);
            operation = new QName(namespace, new String(b, localAt, localLength, StandardCharsets.US_ASCII), prefix);
        }
    }

    private void close() {
        depth--;
        namespaces.leave(depth);
        if (depth == 1) {
            inBody = false;
        }
    }

    /** After {@code </}: the name of the innermost open element, optional space, {@code >}. */
    private void endTag() {
        int at = openAt[depth - 1];
        int length = openLength[depth - 1];
        if (!PlainBytes.equal(b, at, length, pos, length)) {
            throw NotPlain.INSTANCE;
        }
        pos += length;
        skipSpace();
        expect('>');
        close();
    }

    /** Text up to the next {@code <}, every character checked; no reference and no {@code ]]>}. */
    private void content() {
        while (true) {
            byte c = b[pos];
            if (c >= 0x20 && c != '<' && c != '&' && c != '>') { // printable ASCII (bytes are signed): nothing to check
                pos++;
                continue;
            }
            if (c == '<') {
                byte next = b[pos + 1];
                if (next == '!' || next == '?') {
                    throw NotPlain.INSTANCE;
                }
                return;
            }
            if (c == '&' || (c == '>' && pos >= 2 && b[pos - 1] == ']' && b[pos - 2] == ']')) {
                throw NotPlain.INSTANCE;
            }
            character();
        }
    }

    /** One character of text or of an attribute value: an XML 1.0 character in well-formed UTF-8. */
    private void character() {
        pos = PlainBytes.character(b, pos);
        if (pos < 0) {
            throw NotPlain.INSTANCE;
        }
    }

    /** An ASCII name, with at most one colon between a non-empty prefix and local part; the colon's offset, or -1. */
    private int name() {
        int colon = -1;
        if (!PlainBytes.nameStart(b[pos])) {
            throw NotPlain.INSTANCE;
        }
        pos++;
        while (true) {
            byte c = b[pos];
            if (c == ':' && colon < 0) {
                colon = pos++;
                if (!PlainBytes.nameStart(b[pos])) {
                    throw NotPlain.INSTANCE;
                }
                pos++;
            } else if (PlainBytes.nameChar(c)) {
                pos++;
            } else {
                return colon;
            }
        }
    }

    private boolean inEnvelopeNamespace(int uri) {
        return uri >= 0 && PlainBytes.equalsAscii(b, version.envelopeNamespace(), namespaces.uriAt(uri), namespaces.uriLength(uri));
    }

    private boolean sameLocalName(int at1, int length1, int colon1, int at2, int length2, int colon2) {
        int local1 = colon1 < 0 ? at1 : colon1 + 1;
        int local2 = colon2 < 0 ? at2 : colon2 + 1;
        return PlainBytes.equal(b, local1, at1 + length1 - local1, local2, at2 + length2 - local2);
    }

    private void expect(int c) {
        if (b[pos] != c) {
            throw NotPlain.INSTANCE;
        }
        pos++;
    }

    /** Skips XML white space; whether there was any. */
    private boolean skipSpace() {
        int from = pos;
        while (pos < b.length && (b[pos] == ' ' || b[pos] == '\n' || b[pos] == '\t' || b[pos] == '\r')) {
            pos++;
        }
        return pos > from;
    }
}
