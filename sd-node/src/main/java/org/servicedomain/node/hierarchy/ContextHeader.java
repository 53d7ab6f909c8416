package org.servicedomain.node.hierarchy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.servicedomain.node.xml.XmlText;

/**
 * Writes the {@code sd:context} SOAP header (namespace {@code urn:sd:home:1}) that carries a
 * {@link ParentContext} to a child, with the time it was issued, signed with HMAC-SHA256 under the
 * secret the child was registered with, and checks such a signature on the child's side: a header
 * older than {@link ParentProof#MAX_SKEW} is refused, so a captured one cannot be replayed later.
 */
public final class ContextHeader {

    public static final String NAMESPACE = "urn:sd:home:1";
    public static final String LOCAL_NAME = "context";

    private ContextHeader() {
    }

    /** The header element, with a namespace declaration of its own so it fits any envelope. */
    public static String element(ParentContext context, String secret, Instant issued) {
        StringBuilder xml = new StringBuilder("<sdc:context xmlns:sdc=\"").append(NAMESPACE).append("\">");
        optional(xml, "user", context.user());
        optional(xml, "userLevel", context.userLevel());
        optional(xml, "sessionKey", context.sessionKey());
        context.designated().forEach(d -> optional(xml, "designated", d));
        for (Map.Entry<String, String> value : context.values().entrySet()) {
            xml.append("<sdc:value name=\"").append(XmlText.escape(value.getKey())).append("\">")
                    .append(XmlText.escape(value.getValue())).append("</sdc:value>");
        }
        optional(xml, "issued", Long.toString(issued.toEpochMilli()));
        optional(xml, "signature", signature(context, issued.toEpochMilli(), secret));
        return xml.append("</sdc:context>").toString();
    }

    /**
     * Whether {@code signature} is the one {@code secret} gives {@code context} issued at
     * {@code issued} (ms since the epoch, as sent), and that time lies within
     * {@link ParentProof#MAX_SKEW} of {@code now}; compared in constant time.
     */
    public static boolean verifies(ParentContext context, String issued, String signature, String secret, Instant now) {
        if (signature == null || issued == null) {
            return false;
        }
        long millis;
        try {
            millis = Long.parseLong(issued.trim());
        } catch (NumberFormatException e) {
            return false;
        }
        if (Duration.between(Instant.ofEpochMilli(millis), now).abs().compareTo(ParentProof.MAX_SKEW) > 0) {
            return false;
        }
        return MessageDigest.isEqual(signature(context, millis, secret).getBytes(StandardCharsets.US_ASCII),
                signature.trim().getBytes(StandardCharsets.US_ASCII));
    }

    static String signature(ParentContext context, long issuedMillis, String secret) {
        return ParentProof.hmac(secret, issuedMillis + "@" + canonical(context));
    }

    /** Every field, each with its length so that no two contexts read the same. */
    private static String canonical(ParentContext context) {
        StringBuilder text = new StringBuilder();
        field(text, context.user());
        field(text, context.userLevel());
        field(text, context.sessionKey());
        text.append(context.designated().size()).append('#');
        context.designated().forEach(d -> field(text, d));
        text.append(context.values().size()).append('#');
        context.values().forEach((name, value) -> {
            field(text, name);
            field(text, value);
        });
        return text.toString();
    }

    private static void field(StringBuilder text, String value) {
        if (value == null) {
            text.append("-;");
        } else {
            text.append(value.length()).append(':').append(value).append(';');
        }
    }

    private static void optional(StringBuilder xml, String name, String value) {
        if (value != null) {
            xml.append("<sdc:").append(name).append('>').append(XmlText.escape(value)).append("</sdc:").append(name).append('>');
        }
    }

}
