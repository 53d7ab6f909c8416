package org.servicedomain.node.hierarchy;

import java.time.Instant;
import java.util.Map;
import org.servicedomain.node.proof.TimedSignature;
import org.servicedomain.node.xml.XmlText;

/**
 * Writes the {@code sd:context} SOAP header (namespace {@code urn:sd:home:1}) that carries a
 * {@link ParentContext} to a child with a {@link TimedSignature} proof under the secret the child was
 * registered with: bound to every field of the context, the virtual port called, the request's
 * method and {@code SOAPAction}, the child's node id and the digest of the envelope it travels in
 * (less the header itself), so the child takes it within the window, for that port, that action and
 * that body, and once.
 */
public final class ContextHeader {

    public static final String NAMESPACE = "urn:sd:home:1";
    public static final String LOCAL_NAME = "context";
    static final String PURPOSE = "context";
    private static final String METHOD = "POST";

    private ContextHeader() {
    }

    /**
     * The header element, with a namespace declaration of its own so it fits any envelope.
     *
     * @param port the name of the child's virtual port the request goes to
     * @param soapAction the {@code SOAPAction} header sent with it, as sent, or null for none
     * @param childId the child's node id
     * @param bodyDigest the SHA-256 of the envelope sent less this element ({@link HeaderInsertion.Site#digestWithoutElement()})
     */
    public static String element(ParentContext context, TimedSignature signer, Instant issued, String port, String soapAction,
            String childId, byte[] bodyDigest) {
        StringBuilder xml = new StringBuilder("<sdc:context xmlns:sdc=\"").append(NAMESPACE).append("\">");
        optional(xml, "user", context.user());
        optional(xml, "userLevel", context.userLevel());
        optional(xml, "sessionKey", context.sessionKey());
        context.designated().forEach(d -> optional(xml, "designated", d));
        for (Map.Entry<String, String> value : context.values().entrySet()) {
            xml.append("<sdc:value name=\"").append(XmlText.escape(value.getKey())).append("\">")
                    .append(XmlText.escape(value.getValue())).append("</sdc:value>");
        }
        optional(xml, "proof", signer.sign(claim(context, port, soapAction, childId, bodyDigest), issued));
        return xml.append("</sdc:context>").toString();
    }

    /**
     * What the proof of a context header signs; the parameters as for {@link #element}. The method
     * is {@code POST}: only a POST reaches a virtual port's chain ({@code ?wsdl} is answered before).
     */
    static TimedSignature.Claim claim(ParentContext context, String port, String soapAction, String childId, byte[] bodyDigest) {
        StringBuilder subject = new StringBuilder();
        field(subject, soapAction);
        return new TimedSignature.Claim(PURPOSE, METHOD, port == null ? "" : port, childId == null ? "" : childId,
                canonical(subject, context), bodyDigest);
    }

    /** Every field, each with its length so that no two contexts read the same. */
    private static String canonical(StringBuilder text, ParentContext context) {
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
