package org.servicedomain.node.engine.envelope;

import java.util.Arrays;
import javax.xml.namespace.QName;
import org.servicedomain.node.xml.Utf8Offsets;

/**
 * All the node reads of a request's envelope: the first element inside soap:Body, which names the
 * operation, and the session header with where it stands in the message.
 *
 * @param sessionId the {@code sd:session} header's text, or null
 * @param sessionStart the character offset where the session header element starts, or -1 when
 *     unknown (no header, or a parser or encoding that cannot say; UTF-8 only)
 * @param sessionEnd the character offset just after the session header element, or -1
 */
public record SoapRequest(QName operationElement, String sessionId, long sessionStart, long sessionEnd) {

    /**
     * The message as providers get it: without the session header, so a session id never leaves
     * the node. Unchanged when there is no header; a header whose place the parser cannot tell (an
     * encoding other than UTF-8) is refused rather than forwarded.
     */
    public byte[] forwardable(byte[] body) {
        if (sessionId == null) {
            return body;
        }
        int from = sessionStart < 0 ? -1 : Utf8Offsets.byteIndex(body, sessionStart);
        int to = sessionEnd <= sessionStart ? -1 : Utf8Offsets.byteIndex(body, sessionEnd);
        if (from < 0 || to < from) {
            throw SoapRequestReader.badRequest("a request with an sd:session header must be encoded in UTF-8, so the node"
                    + " can take the header out before the request goes to a provider");
        }
        byte[] stripped = Arrays.copyOf(body, body.length - (to - from));
        System.arraycopy(body, to, stripped, from, body.length - to);
        return stripped;
    }

}
