package org.servicedomain.client.discovery;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.crypto.MarshalException;
import javax.xml.crypto.dsig.CanonicalizationMethod;
import javax.xml.crypto.dsig.DigestMethod;
import javax.xml.crypto.dsig.Reference;
import javax.xml.crypto.dsig.SignatureMethod;
import javax.xml.crypto.dsig.SignedInfo;
import javax.xml.crypto.dsig.Transform;
import javax.xml.crypto.dsig.XMLSignature;
import javax.xml.crypto.dsig.XMLSignatureException;
import javax.xml.crypto.dsig.XMLSignatureFactory;
import javax.xml.crypto.dsig.dom.DOMSignContext;
import javax.xml.crypto.dsig.spec.C14NMethodParameterSpec;
import javax.xml.crypto.dsig.spec.TransformParameterSpec;
import org.servicedomain.client.xml.SecureDom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.SAXException;

/**
 * WS-Discovery's compact signature (WS-Discovery 1.1, Compact Signature Format; the same in 2005/04): a
 * {@code d:Security} header holding {@code d:Sig} with the signature {@code Scheme} (the discovery
 * namespace + {@code /rsa}), the signer's {@code KeyId} (its certificate's subject key identifier),
 * the {@code Refs} (the {@code wsu:Id}s of the signed parts) and {@code Sig}, the RSA-SHA1 signature
 * of the implied {@code ds:SignedInfo}: exclusive C14N, one SHA-1 reference (exclusive C14N) a part.
 *
 * <p>A message is taken as signed only when every header block but the signature's and the body's
 * one element are signed, so no unsigned copy of a part can sit beside a signed one. The XML
 * Signature API of the JDK computes the canonical forms and digests; messages are read by the
 * hardened parser of {@link SecureDom} (no DOCTYPE). It lives beside the client's discovery so that the
 * node and a provider's announcer sign alike without the provider carrying the node.
 */
public final class CompactSignature {

    private static final Logger LOG = LoggerFactory.getLogger(CompactSignature.class);

    private static final String XMLNS = "http://www.w3.org/2000/xmlns/";
    public static final String WSU = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";
    private static final String SIGNATURE = "SHA1withRSA";
    private static final String SUBJECT_KEY_IDENTIFIER = "2.5.29.14";

    /** Why a message's signature was or was not taken. */
    public enum Verdict {
        VALID, UNSIGNED, MALFORMED, PARTS_UNSIGNED, UNKNOWN_KEY, WRONG_SIGNATURE;

        public boolean valid() {
            return this == VALID;
        }
    }

    /** The attributes of a {@code d:Sig}. */
    public record Sig(String scheme, String keyId, List<String> refs, String value) {
    }

    private CompactSignature() {
    }

    /** The scheme of the compact signature in the discovery namespace {@code namespace}. */
    static String scheme(String namespace) {
        return namespace + "/rsa";
    }

    /**
     * The signature of {@code message} (written with {@code wsu:Id}s on its parts) over the parts
     * {@code refs}, by {@code key} whose certificate is {@code certificate}.
     */
    public static Sig sign(byte[] message, String namespace, List<String> refs, PrivateKey key, X509Certificate certificate) {
        Document document = parse(message);
        Element header = child(document.getDocumentElement(), "Header");
        if (header == null) {
            throw new IllegalStateException("a discovery message was written without a header");
        }
        byte[] value = signedInfo(document, header, refs, key).signature();
        return new Sig(scheme(namespace), keyId(certificate), refs, Base64.getEncoder().encodeToString(value));
    }

    /**
     * {@code message}, an announcement another writer wrote (a sample provider's), signed as the node
     * signs its own: a {@code wsu:Id} on every header block and on the body's element that lacks one,
     * and a {@code d:Security} header whose {@code d:Sig} covers them all.
     */
    static byte[] signWritten(byte[] message, PrivateKey key, X509Certificate certificate) {
        Document document = parse(message);
        Element envelope = document.getDocumentElement();
        Element header = child(envelope, "Header");
        Element body = child(envelope, "Body");
        if (header == null || body == null || DiscoveryXml.children(body).size() != 1) {
            throw new IllegalArgumentException("a discovery message to sign needs one Header and a Body with one element");
        }
        Element content = DiscoveryXml.children(body).get(0);
        List<Element> parts = new ArrayList<>(DiscoveryXml.children(header));
        parts.add(content);
        List<String> refs = new ArrayList<>();
        for (Element part : parts) {
            String id = part.getAttributeNS(WSU, "Id");
            if (id.isEmpty()) {
                id = "part-" + (refs.size() + 1);
                part.setAttributeNS(XMLNS, "xmlns:u", WSU);
                part.setAttributeNS(WSU, "u:Id", id);
            }
            refs.add(id);
        }
        byte[] withIds = SecureDom.write(document).getBytes(StandardCharsets.UTF_8);
        String namespace = content.getNamespaceURI();
        Sig sig = sign(withIds, namespace, refs, key, certificate);
        Document signed = parse(withIds);
        Element security = signed.createElementNS(namespace, "d:Security");
        security.setAttributeNS(XMLNS, "xmlns:d", namespace);
        Element value = signed.createElementNS(namespace, "d:Sig");
        value.setAttribute("Scheme", sig.scheme());
        value.setAttribute("KeyId", sig.keyId());
        value.setAttribute("Refs", String.join(" ", sig.refs()));
        value.setAttribute("Sig", sig.value());
        security.appendChild(value);
        child(signed.getDocumentElement(), "Header").appendChild(security);
        return SecureDom.write(signed).getBytes(StandardCharsets.UTF_8);
    }

    /** Whether {@code message} is signed, in full, by one of {@code trusted}. */
    public static Verdict verify(byte[] message, List<X509Certificate> trusted) {
        Document document;
        try {
            document = parse(message);
        } catch (IllegalArgumentException e) {
            return Verdict.MALFORMED;
        }
        Element envelope = document.getDocumentElement();
        List<Element> halves = DiscoveryXml.children(envelope);
        if (halves.size() != 2 || !"Header".equals(halves.get(0).getLocalName()) || !"Body".equals(halves.get(1).getLocalName())) {
            return Verdict.MALFORMED; // a reader would take a second Header or Body that nothing signed
        }
        Element header = halves.get(0);
        List<Element> content = DiscoveryXml.children(halves.get(1));
        if (content.size() != 1) {
            return Verdict.MALFORMED;
        }
        String namespace = content.get(0).getNamespaceURI();
        Element security = null;
        List<Element> parts = new ArrayList<>();
        for (Element block : DiscoveryXml.children(header)) {
            if ("Security".equals(block.getLocalName()) && namespace != null && namespace.equals(block.getNamespaceURI())) {
                if (security != null) {
                    return Verdict.MALFORMED;
                }
                security = block;
            } else {
                parts.add(block);
            }
        }
        parts.add(content.get(0));
        Element sig = security == null ? null : firstChild(security, namespace, "Sig");
        if (sig == null) {
            return Verdict.UNSIGNED;
        }
        return verify(document, security, sig, parts, namespace, trusted);
    }

    private static Verdict verify(Document document, Element security, Element sig, List<Element> parts, String namespace,
            List<X509Certificate> trusted) {
        if (!scheme(namespace).equals(sig.getAttribute("Scheme")) || sig.getAttribute("Sig").isEmpty()) {
            return Verdict.MALFORMED;
        }
        List<String> refs = Arrays.stream(sig.getAttribute("Refs").trim().split("\\s+")).filter(r -> !r.isEmpty()).toList();
        Map<String, Element> ids = ids(document.getDocumentElement());
        if (ids == null || new HashSet<>(refs).size() != refs.size()) {
            return Verdict.MALFORMED;
        }
        Set<String> signed = new HashSet<>(refs);
        for (Element part : parts) {
            String id = part.getAttributeNS(WSU, "Id");
            if (id.isEmpty() || !signed.contains(id)) {
                return Verdict.PARTS_UNSIGNED;
            }
        }
        if (!ids.keySet().containsAll(refs)) {
            return Verdict.MALFORMED;
        }
        byte[] value;
        try {
            value = Base64.getDecoder().decode(sig.getAttribute("Sig").trim());
        } catch (IllegalArgumentException e) {
            return Verdict.MALFORMED;
        }
        List<X509Certificate> keys = candidates(sig.getAttribute("KeyId"), trusted);
        if (keys.isEmpty()) {
            return Verdict.UNKNOWN_KEY;
        }
        byte[] canonical = signedInfo(document, security, refs, Throwaway.KEY.getPrivate()).canonical();
        for (X509Certificate certificate : keys) {
            if (verifies(canonical, value, certificate)) {
                return Verdict.VALID;
            }
        }
        return Verdict.WRONG_SIGNATURE;
    }

    /** The implied SignedInfo's canonical bytes, and its signature by {@code key}. */
    private record Signed(byte[] canonical, byte[] signature) {
    }

    /**
     * Signs the implied SignedInfo over {@code refs} with the JDK's XML Signature API, into a
     * {@code ds:Signature} under {@code parent} that is removed again: only its value and canonical
     * SignedInfo are wanted. A verifier signs with a throwaway key just to have the canonical bytes.
     */
    private static Signed signedInfo(Document document, Element parent, List<String> refs, PrivateKey key) {
        try {
            XMLSignatureFactory factory = XMLSignatureFactory.getInstance("DOM");
            DigestMethod sha1 = factory.newDigestMethod(DigestMethod.SHA1, null);
            Transform exclusive = factory.newTransform(CanonicalizationMethod.EXCLUSIVE, (TransformParameterSpec) null);
            List<Reference> references = refs.stream().map(id -> factory.newReference("#" + id, sha1, List.of(exclusive),
                    null, null)).toList();
            SignedInfo signedInfo = factory.newSignedInfo(factory.newCanonicalizationMethod(CanonicalizationMethod.EXCLUSIVE,
                    (C14NMethodParameterSpec) null), factory.newSignatureMethod(SignatureMethod.RSA_SHA1, null), references);
            XMLSignature signature = factory.newXMLSignature(signedInfo, null);
            DOMSignContext context = new DOMSignContext(key, parent);
            ids(document.getDocumentElement()).values().forEach(e -> context.setIdAttributeNS(e, WSU, "Id"));
            signature.sign(context);
            parent.removeChild(parent.getLastChild());
            return new Signed(signedInfo.getCanonicalizedData().readAllBytes(), signature.getSignatureValue().getValue());
        } catch (NoSuchAlgorithmException | InvalidAlgorithmParameterException | MarshalException e) {
            throw new IllegalStateException("the JDK's XML Signature API lacks exclusive C14N, SHA-1 or RSA-SHA1", e);
        } catch (XMLSignatureException e) {
            throw new IllegalStateException("could not sign a discovery message: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new IllegalStateException("could not read canonical bytes held in memory", e);
        }
    }

    private static boolean verifies(byte[] canonical, byte[] value, X509Certificate certificate) {
        try {
            Signature verifier = Signature.getInstance(SIGNATURE);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(canonical);
            return verifier.verify(value);
        } catch (GeneralSecurityException e) {
            LOG.debug("a discovery signature could not be checked with the key of {}: {}",
                    certificate.getSubjectX500Principal().getName(), e.getMessage());
            return false;
        }
    }

    /** The trusted certificates with key id {@code keyId}; all of them when the signature names none. */
    private static List<X509Certificate> candidates(String keyId, List<X509Certificate> trusted) {
        if (keyId == null || keyId.isBlank()) {
            return trusted;
        }
        return trusted.stream().filter(c -> keyId.trim().equals(keyId(c))).toList();
    }

    /**
     * A certificate's key id: its subject key identifier (X.509v3), in Base64; for a certificate
     * without one, the SHA-1 of its encoded public key.
     */
    static String keyId(X509Certificate certificate) {
        byte[] extension = certificate.getExtensionValue(SUBJECT_KEY_IDENTIFIER);
        byte[] id;
        if (extension != null && extension.length > 4 && extension[0] == 0x04 && extension[2] == 0x04) {
            id = Arrays.copyOfRange(extension, 4, 4 + (extension[3] & 0xff));
        } else {
            try {
                id = MessageDigest.getInstance("SHA-1").digest(certificate.getPublicKey().getEncoded());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("the JDK cannot compute SHA-1", e);
            }
        }
        return Base64.getEncoder().encodeToString(id);
    }

    /** The elements carrying a {@code wsu:Id}, by id; null when two carry the same. */
    private static Map<String, Element> ids(Element root) {
        Map<String, Element> ids = new HashMap<>();
        List<Element> pending = new ArrayList<>(List.of(root));
        while (!pending.isEmpty()) {
            Element element = pending.remove(pending.size() - 1);
            String id = element.getAttributeNS(WSU, "Id");
            if (!id.isEmpty() && ids.put(id, element) != null) {
                return null;
            }
            pending.addAll(DiscoveryXml.children(element));
        }
        return ids;
    }

    private static Document parse(byte[] message) {
        try {
            return SecureDom.documentBuilder().parse(new ByteArrayInputStream(message));
        } catch (SAXException | IOException e) {
            throw new IllegalArgumentException("not a readable discovery message: " + e.getMessage(), e);
        }
    }

    private static Element child(Element parent, String localName) {
        for (Element element : DiscoveryXml.children(parent)) {
            if (localName.equals(element.getLocalName())) {
                return element;
            }
        }
        return null;
    }

    private static Element firstChild(Element parent, String namespace, String localName) {
        for (Element element : DiscoveryXml.children(parent)) {
            if (localName.equals(element.getLocalName()) && namespace.equals(element.getNamespaceURI())) {
                return element;
            }
        }
        return null;
    }

    /** The key a verifier signs with only to have the JDK canonicalise the implied SignedInfo; made once. */
    private static final class Throwaway {
        static final KeyPair KEY = generate();

        private static KeyPair generate() {
            try {
                KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                generator.initialize(2048);
                return generator.generateKeyPair();
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("the JDK cannot make RSA keys", e);
            }
        }
    }
}
