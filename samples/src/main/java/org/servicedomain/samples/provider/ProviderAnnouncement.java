package org.servicedomain.samples.provider;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.function.UnaryOperator;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.servicedomain.client.discovery.Announcer;
import org.servicedomain.client.discovery.DiscoveryNetwork;
import org.servicedomain.client.discovery.DiscoverySignatures;
import org.servicedomain.client.discovery.Target;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * A sample provider announcing itself by WS-Discovery: a Hello naming the port type of its WSDL, its
 * address as XAddr and the given scopes; a Bye before it stops. With a signing key, each message
 * carries a WS-Discovery compact signature made by the node's own signing code, so a node started with
 * {@code --discovery-trusted-signers} holding the key's certificate takes it.
 *
 * @param network where to multicast (null: only the proxy)
 * @param proxy a managed node's discovery proxy, or null
 * @param scopes the provider's scopes
 * @param signatures the key that signs the announcements ({@link DiscoverySignatures#NONE}: unsigned)
 */
public record ProviderAnnouncement(DiscoveryNetwork network, URI proxy, List<String> scopes, DiscoverySignatures signatures) {

    public ProviderAnnouncement {
        scopes = List.copyOf(scopes);
        signatures = signatures == null ? DiscoverySignatures.NONE : signatures;
    }

    /** An announcement that is not signed. */
    public ProviderAnnouncement(DiscoveryNetwork network, URI proxy, List<String> scopes) {
        this(network, proxy, scopes, DiscoverySignatures.NONE);
    }

    /** This announcement signed with {@code keys}' signing key. */
    public ProviderAnnouncement signedWith(DiscoverySignatures keys) {
        return new ProviderAnnouncement(network, proxy, scopes, keys);
    }

    /** Says Hello for {@code provider}, which must be running; close the announcer (Bye) before stopping it. */
    public Announcer announce(SampleProvider provider) throws IOException {
        Announcer announcer = new Announcer(target(provider), network, proxy,
                List.of(WsDiscoveryVersion.V11, WsDiscoveryVersion.V2005),
                signatures.signs() ? signatures::sign : UnaryOperator.identity());
        announcer.hello();
        return announcer;
    }

    /** What {@code provider} announces: a stable endpoint reference from its address, its WSDL's port type. */
    public Target target(SampleProvider provider) throws IOException {
        URI address = provider.address();
        String reference = "urn:uuid:" + UUID.nameUUIDFromBytes(address.toString().getBytes(StandardCharsets.UTF_8));
        return new Target(reference, List.of(portType(provider.wsdlAddress())), scopes, List.of(address.toString()), 1);
    }

    /** The first port type of the WSDL at {@code wsdl}, read with a parser that refuses DOCTYPEs. */
    static QName portType(URI wsdl) throws IOException {
        try (InputStream in = wsdl.toURL().openStream()) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            Element definitions = factory.newDocumentBuilder().parse(in).getDocumentElement();
            NodeList portTypes = definitions.getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/", "portType");
            if (portTypes.getLength() == 0) {
                throw new IOException("the WSDL at " + wsdl + " has no portType");
            }
            return new QName(definitions.getAttribute("targetNamespace"),
                    ((Element) portTypes.item(0)).getAttribute("name"));
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("could not read the WSDL at " + wsdl + ": " + e.getMessage(), e);
        }
    }
}
