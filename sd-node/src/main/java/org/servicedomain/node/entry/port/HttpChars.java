package org.servicedomain.node.entry.port;

/**
 * The byte classes of an HTTP/1.1 head that the relay's head scanner tests in its loops: which bytes
 * a header name, a header value and a Content-Length may hold (RFC 9110 and 9112).
 */
final class HttpChars {

    /** The characters a token (a header name) may hold, by byte value. */
    private static final boolean[] TOKEN = tokenChars();

    private HttpChars() {
    }

    static boolean isToken(byte b) {
        return b >= 0 && TOKEN[b];
    }

    /** A byte a header value may hold that ends nothing: neither CR, LF nor a control character. */
    static boolean isPlainValue(byte b) {
        return b < 0 || (b >= 0x20 && b != 0x7f) || b == '\t';
    }

    /** One to 18 decimal digits: a Content-Length that fits a long. */
    static boolean isLength(String text) {
        if (text.isEmpty() || text.length() > 18) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean[] tokenChars() {
        boolean[] token = new boolean[128];
        for (int c = 0; c < 128; c++) {
            token[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
        }
        return token;
    }
}
