package org.servicedomain.node.entry;

import java.util.Arrays;
import javax.xml.namespace.QName;

/**
 * All the node reads of a request's envelope: the first element inside soap:Body, which names the
 * operation, and the session header with where it stands in the message.
 *
 * @param sessionId the {@code sd:session} header's text, or null
 * @param sessionStart the character offset where the session header element starts, or -1 when
 *     unknown (no header, or a parser or encoding that cannot say; UTF-8 only)
 * @param sessionEnd the character offset just after the session header element, or -1
 */
record SoapRequest(QName operationElement, String sessionId, long sessionStart, long sessionEnd) {

    private static final int[] BOM = {0xEF, 0xBB, 0xBF};

    /**
     * The message as providers get it: without the session header, so a session id never leaves
     * the node. Unchanged when there is no header or its place is unknown.
     */
    byte[] forwardable(byte[] body) {
        if (sessionStart < 0 || sessionEnd <= sessionStart) {
            return body;
        }
        int from = byteIndex(body, sessionStart);
        int to = byteIndex(body, sessionEnd);
        if (from < 0 || to < from) {
            return body;
        }
        byte[] stripped = Arrays.copyOf(body, body.length - (to - from));
        System.arraycopy(body, to, stripped, from, body.length - to);
        return stripped;
    }

    /** The byte index in UTF-8 {@code body} of the character at {@code offset} (Java chars, after any BOM). */
    private static int byteIndex(byte[] body, long offset) {
        int i = hasBom(body) ? BOM.length : 0;
        long chars = 0;
        while (chars < offset && i < body.length) {
            int lead = body[i] & 0xFF;
            int length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
            chars += length == 4 ? 2 : 1;
            i += length;
        }
        return chars == offset && i <= body.length ? i : -1;
    }

    private static boolean hasBom(byte[] body) {
        return body.length >= 3 && (body[0] & 0xFF) == BOM[0] && (body[1] & 0xFF) == BOM[1] && (body[2] & 0xFF) == BOM[2];
    }
}
