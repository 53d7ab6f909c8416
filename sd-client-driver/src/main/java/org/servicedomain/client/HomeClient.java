package org.servicedomain.client;

import jakarta.xml.ws.BindingProvider;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.headers.Header;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.HomeService;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A client of a node's home port, generated from the home port's WSDL; it knows nothing of the
 * node's own classes. Every call may throw {@code HomeFault}, whose fault info carries the code.
 */
public final class HomeClient {

    /** Where the home port answers below a node's base address ({@code http://host:port/sd}). */
    public static final String HOME_PATH = "/services/home";
    static final QName SESSION_HEADER = new QName("urn:sd:home:1", "session");
    private static volatile HomeService sharedService;

    private HomeClient() {
    }

    /** A home-port proxy for the node at {@code nodeBase}, with the default timeouts (5 s connect, 60 s receive). */
    public static HomePortType connect(URI nodeBase) {
        return connect(nodeBase, Duration.ofSeconds(5), Duration.ofSeconds(60));
    }

    /** A home-port proxy for the node at {@code nodeBase} ({@code http://host:port/sd}). */
    public static HomePortType connect(URI nodeBase, Duration connectTimeout, Duration receiveTimeout) {
        return configure(new HomeService().getHomePort(), nodeBase, connectTimeout, receiveTimeout);
    }

    /**
     * A home-port proxy for the node at {@code nodeBase} whose calls carry {@code sessionId} (unless null) in the
     * {@code sd:session} header; a new port of one generated service, whose WSDL is read once.
     */
    static HomePortType sessionPort(URI nodeBase, Duration connectTimeout, Duration receiveTimeout, String sessionId) {
        HomePortType port = configure(sharedService().getHomePort(), nodeBase, connectTimeout, receiveTimeout);
        if (sessionId != null) {
            ((BindingProvider) port).getRequestContext().put(Header.HEADER_LIST, List.of(sessionHeader(sessionId)));
        }
        return port;
    }

    private static HomeService sharedService() {
        HomeService service = sharedService;
        if (service == null) {
            synchronized (HomeClient.class) {
                if (sharedService == null) {
                    sharedService = new HomeService();
                }
                service = sharedService;
            }
        }
        return service;
    }

    private static Header sessionHeader(String sessionId) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            Document doc = factory.newDocumentBuilder().newDocument();
            Element element = doc.createElementNS(SESSION_HEADER.getNamespaceURI(), "sd:session");
            element.setTextContent(sessionId);
            return new Header(SESSION_HEADER, element);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("no DOM implementation", e);
        }
    }

    /** Points {@code port} at the node at {@code nodeBase} with these timeouts. */
    static HomePortType configure(HomePortType port, URI nodeBase, Duration connectTimeout, Duration receiveTimeout) {
        String address = stripTrailingSlash(nodeBase.toString()) + HOME_PATH;
        Map<String, Object> context = ((BindingProvider) port).getRequestContext();
        context.put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);
        Client client = ClientProxy.getClient(port);
        HTTPClientPolicy policy = new HTTPClientPolicy();
        policy.setConnectionTimeout(connectTimeout.toMillis());
        policy.setReceiveTimeout(receiveTimeout.toMillis());
        ((HTTPConduit) client.getConduit()).setClient(policy);
        return port;
    }

    private static String stripTrailingSlash(String s) {
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }
}
