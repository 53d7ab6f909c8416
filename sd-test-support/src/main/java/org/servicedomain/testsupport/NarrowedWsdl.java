package org.servicedomain.testsupport;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.node.xml.SecureXml;
import org.servicedomain.samples.provider.SampleProvider;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * A sample provider's own WSDL with some operations taken out of its port type and binding, served
 * on loopback HTTP: registering it files the real provider as one that implements fewer operations
 * (the provider itself still answers them all, so a test sees whether the node ever sends it one).
 */
public final class NarrowedWsdl implements AutoCloseable {

    private static final String WSDL_NS = "http://schemas.xmlsoap.org/wsdl/";

    private final HttpServer server;
    private final SampleProvider provider;

    private NarrowedWsdl(HttpServer server, SampleProvider provider) {
        this.server = server;
        this.provider = provider;
    }

    /** Serves {@code provider}'s WSDL without the operations named {@code removed}. */
    public static NarrowedWsdl of(SampleProvider provider, String... removed) {
        byte[] wsdl = without(fetch(provider.wsdlAddress()), Set.of(removed));
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/narrowed.wsdl", exchange -> {
                exchange.getResponseHeaders().add("Content-Type", "text/xml; charset=UTF-8");
                exchange.sendResponseHeaders(200, wsdl.length);
                exchange.getResponseBody().write(wsdl);
                exchange.close();
            });
            server.start();
            return new NarrowedWsdl(server, provider);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the narrowed WSDL is served, for {@code register}'s wsdlLocation. */
    public URI address() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/narrowed.wsdl");
    }

    /** Registers the provider from the narrowed WSDL, named after it as {@link Registrations} names providers. */
    public Registration register(HomePortType home) throws HomeFault {
        Register request = new Register();
        request.setWsdlLocation(address().toString());
        request.getAttribute().add(Registrations.attribute("name", provider.name()));
        return home.register(request).getRegistration().get(0);
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private static byte[] fetch(URI address) {
        try (InputStream in = address.toURL().openStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("could not fetch " + address, e);
        }
    }

    private static byte[] without(byte[] wsdl, Set<String> removed) {
        Document document;
        try {
            document = SecureXml.documentBuilder().parse(new ByteArrayInputStream(wsdl));
        } catch (SAXException | IOException e) {
            throw new IllegalStateException("the provider's WSDL is not XML", e);
        }
        NodeList operations = document.getElementsByTagNameNS(WSDL_NS, "operation");
        List<Element> gone = new ArrayList<>();
        for (int i = 0; i < operations.getLength(); i++) {
            Element operation = (Element) operations.item(i);
            if (removed.contains(operation.getAttribute("name"))) {
                gone.add(operation);
            }
        }
        if (gone.isEmpty()) {
            throw new IllegalArgumentException("the provider's WSDL has none of the operations " + removed);
        }
        gone.forEach(operation -> operation.getParentNode().removeChild(operation));
        return SecureXml.write(document).getBytes(StandardCharsets.UTF_8);
    }
}
