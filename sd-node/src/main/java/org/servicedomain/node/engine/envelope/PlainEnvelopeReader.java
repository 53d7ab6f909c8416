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

    private static final byte[] XML_DECLARATION = "<?xml".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NODE_NAMESPACE = SoapRequestReader.SESSION_HEADER.getNamespaceURI()
            .getBytes(StandardCharsets.US_ASCII);
    private static final int MAX_DEPTH = 64;
    private static final int MAX_ATTRIBUTES = 16;
    private static final int MAX_DECLARATIONS = 64;

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
    /** The namespace declarations in scope: prefix (length 0 for the default), URI, and the depth declaring it. */
    private final int[] nsPrefixAt = new int[MAX_DECLARATIONS];
    private final int[] nsPrefixLength = new int[MAX_DECLARATIONS];
    private final int[] nsUriAt = new int[MAX_DECLARATIONS];
    private final int[] nsUriLength = new int[MAX_DECLARATIONS];
    private final int[] nsDepth = new int[MAX_DECLARATIONS];
    private int declarations;
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
        declaration();
        skipSpace();
        expect('<');
        element();
        skipSpace();
        if (pos != b.length || !sawBody || operation == null) {
            throw NotPlain.INSTANCE;
        }
        return new SoapRequest(operation, null, -1, -1);
    }

    /** An XML declaration of version 1.0, at most with UTF-8 and standalone; none at all is plain too. */
    private void declaration() {
        if (!startsWith(XML_DECLARATION, 0)) {
            return;
        }
        pos = XML_DECLARATION.length;
        requireSpace();
        pseudoAttribute("version", "1.0");
        if (skipSpace() && at('e')) {
            pseudoAttribute("encoding", "UTF-8");
        }
        if (skipSpace() && at('s')) {
            pseudoAttribute("standalone", "yes", "no");
        }
        skipSpace();
        expect('?');
        expect('>');
    }

    /** {@code name="value"} with one of the values given (the encoding's in any case), quoted either way. */
    private void pseudoAttribute(String name, String... values) {
        expectAscii(name, false);
        skipSpace();
        expect('=');
        skipSpace();
        byte quote = b[pos];
        if (quote != '"' && quote != '\'') {
            throw NotPlain.INSTANCE;
        }
        pos++;
        int valueAt = pos;
        for (String value : values) {
            pos = valueAt;
            if (matchesAscii(value, "encoding".equals(name))) {
                pos += value.length();
                expect(quote);
                return;
            }
        }
        throw NotPlain.INSTANCE;
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
        int declaredBefore = declarations;
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
        if (reserved || (prefixLength > 0 && uriLength == 0) || declarations == MAX_DECLARATIONS
                || equalsAt(NODE_NAMESPACE, uriAt, uriLength)) {
            throw NotPlain.INSTANCE;
        }
        for (int i = declaredBefore; i < declarations; i++) {
            if (equal(nsPrefixAt[i], nsPrefixLength[i], prefixAt, prefixLength)) {
                throw NotPlain.INSTANCE; // declared twice on one element
            }
        }
        nsPrefixAt[declarations] = prefixAt;
        nsPrefixLength[declarations] = prefixLength;
        nsUriAt[declarations] = uriAt;
        nsUriLength[declarations] = uriLength;
        nsDepth[declarations] = depth + 1;
        declarations++;
    }

    /** Opens the element whose start tag was just read: binds its name and its attributes' prefixes, then the SOAP roles. */
    private void open(int nameAt, int nameLength, int colon) {
        if (depth == MAX_DEPTH) {
            throw NotPlain.INSTANCE;
        }
        openAt[depth] = nameAt;
        openLength[depth] = nameLength;
        depth++;
        int uri = colon < 0 ? binding(nameAt, 0) : binding(nameAt, colon - nameAt);
        if (colon >= 0 && uri < 0) {
            throw NotPlain.INSTANCE; // an unbound prefix
        }
        for (int i = 0; i < attributes; i++) {
            if (attributeColon[i] >= 0 && binding(attributeAt[i], attributeColon[i] - attributeAt[i]) < 0) {
                throw NotPlain.INSTANCE;
            }
        }
        int localAt = colon < 0 ? nameAt : colon + 1;
        int localLength = nameAt + nameLength - localAt;
        if (depth == 1) {
            if (!inEnvelopeNamespace(uri) || !equalsAscii("Envelope", localAt, localLength)) {
                throw NotPlain.INSTANCE; // the parser's pass words the refusal
            }
        } else if (depth == 2) {
            inBody = inEnvelopeNamespace(uri) && equalsAscii("Body", localAt, localLength);
            sawBody |= inBody;
        } else if (depth == 3 && inBody && operation == null) {
            String namespace = uri < 0 ? "" : new String(b, nsUriAt[uri], nsUriLength[uri], StandardCharsets.UTF_8);
            String prefix = colon < 0 ? "" : new String(b, nameAt, colon - nameAt, StandardCharsets.US_ASCII);
            operation = new QName(namespace, new String(b, localAt, localLength, StandardCharsets.US_ASCII), prefix);
        }
    }

    private void close() {
        depth--;
        while (declarations > 0 && nsDepth[declarations - 1] > depth) {
            declarations--;
        }
        if (depth == 1) {
            inBody = false;
        }
    }

    /** After {@code </}: the name of the innermost open element, optional space, {@code >}. */
    private void endTag() {
        int at = openAt[depth - 1];
        int length = openLength[depth - 1];
        if (!equal(at, length, pos, length)) {
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
        int c = b[pos] & 0xff;
        if (c < 0x80) {
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                throw NotPlain.INSTANCE;
            }
            pos++;
        } else if (c >= 0xc2 && c <= 0xdf) {
            continuation(pos + 1);
            pos += 2;
        } else if (c >= 0xe0 && c <= 0xef) {
            int second = b[pos + 1] & 0xff;
            if ((c == 0xe0 && second < 0xa0) || (c == 0xed && second >= 0xa0)) {
                throw NotPlain.INSTANCE; // overlong, or a surrogate
            }
            continuation(pos + 1);
            continuation(pos + 2);
            if (c == 0xef && second == 0xbf && (b[pos + 2] & 0xff) >= 0xbe) {
                throw NotPlain.INSTANCE; // U+FFFE and U+FFFF are not characters
            }
            pos += 3;
        } else if (c >= 0xf0 && c <= 0xf4) {
            int second = b[pos + 1] & 0xff;
            if ((c == 0xf0 && second < 0x90) || (c == 0xf4 && second >= 0x90)) {
                throw NotPlain.INSTANCE;
            }
            continuation(pos + 1);
            continuation(pos + 2);
            continuation(pos + 3);
            pos += 4;
        } else {
            throw NotPlain.INSTANCE;
        }
    }

    private void continuation(int at) {
        if ((b[at] & 0xc0) != 0x80) {
            throw NotPlain.INSTANCE;
        }
    }

    /** An ASCII name, with at most one colon between a non-empty prefix and local part; the colon's offset, or -1. */
    private int name() {
        int colon = -1;
        if (!nameStart(b[pos])) {
            throw NotPlain.INSTANCE;
        }
        pos++;
        while (true) {
            byte c = b[pos];
            if (c == ':' && colon < 0) {
                colon = pos++;
                if (!nameStart(b[pos])) {
                    throw NotPlain.INSTANCE;
                }
                pos++;
            } else if (nameStart(c) || (c >= '0' && c <= '9') || c == '-' || c == '.') {
                pos++;
            } else {
                return colon;
            }
        }
    }

    private static boolean nameStart(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    /** The innermost declaration of the prefix at {@code at} (length 0: the default namespace), or -1. */
    private int binding(int at, int length) {
        for (int i = declarations - 1; i >= 0; i--) {
            if (equal(nsPrefixAt[i], nsPrefixLength[i], at, length)) {
                return nsUriLength[i] == 0 ? -1 : i; // xmlns="" takes the default away
            }
        }
        return -1;
    }

    private boolean inEnvelopeNamespace(int uri) {
        return uri >= 0 && equalsAscii(version.envelopeNamespace(), nsUriAt[uri], nsUriLength[uri]);
    }

    private boolean sameLocalName(int at1, int length1, int colon1, int at2, int length2, int colon2) {
        int local1 = colon1 < 0 ? at1 : colon1 + 1;
        int local2 = colon2 < 0 ? at2 : colon2 + 1;
        return equal(local1, at1 + length1 - local1, local2, at2 + length2 - local2);
    }

    private boolean equal(int at1, int length1, int at2, int length2) {
        if (length1 != length2) {
            return false;
        }
        for (int i = 0; i < length1; i++) {
            if (b[at1 + i] != b[at2 + i]) {
                return false;
            }
        }
        return true;
    }

    private boolean equalsAt(byte[] expected, int at, int length) {
        if (expected.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (b[at + i] != expected[i]) {
                return false;
            }
        }
        return true;
    }

    private boolean equalsAscii(String expected, int at, int length) {
        if (expected.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (b[at + i] != expected.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private boolean startsWith(byte[] prefix, int at) {
        return b.length - at >= prefix.length && equalsAt(prefix, at, prefix.length);
    }

    private void expectAscii(String expected, boolean anyCase) {
        if (!matchesAscii(expected, anyCase)) {
            throw NotPlain.INSTANCE;
        }
        pos += expected.length();
    }

    private boolean matchesAscii(String expected, boolean anyCase) {
        for (int i = 0; i < expected.length(); i++) {
            int c = b[pos + i];
            int e = expected.charAt(i);
            if (c != e && !(anyCase && Character.isLetter(e) && (c | 0x20) == (e | 0x20))) {
                return false;
            }
        }
        return true;
    }

    private boolean at(char c) {
        return b[pos] == c;
    }

    private void expect(int c) {
        if (b[pos] != c) {
            throw NotPlain.INSTANCE;
        }
        pos++;
    }

    private void requireSpace() {
        if (!skipSpace()) {
            throw NotPlain.INSTANCE;
        }
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
