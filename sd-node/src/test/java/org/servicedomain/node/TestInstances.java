package org.servicedomain.node;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.servicedomain.node.catalog.RegistrationRequest;
import org.servicedomain.node.catalog.WsdlSource;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Document;
import org.xml.sax.SAXException;

/**
 * Fixtures shared by the node's unit tests: the sample WSDLs under {@code src/test/resources/wsdl},
 * a {@link WsdlSource} that serves them, and builders of instances, ports and requests.
 */
public final class TestInstances {

    /** SOAP 1.1 document/literal wrapped, inline schema, plus an HTTP binding and a backup service. */
    public static final String SOAP11_WSDL = "stock-quote-soap11.wsdl";
    /** The same port type as {@link #SOAP11_WSDL}, bound only with SOAP 1.2. */
    public static final String SOAP12_WSDL = "stock-quote-soap12.wsdl";
    /** The port type of {@link #SOAP11_WSDL} as a provider that implements GetQuote only (no GetHistory). */
    public static final String QUOTES_ONLY_WSDL = "stock-quote-quotes-only.wsdl";
    /** rpc/literal SOAP 1.1, WSDL elements in the default namespace. */
    public static final String RPC_WSDL = "weather-rpc.wsdl";
    /** Two port types, one of them named like {@link #SOAP11_WSDL}'s in another namespace. */
    public static final String TWO_PORT_TYPES_WSDL = "market-two-port-types.wsdl";
    /** {@link #SOAP11_WSDL}'s service in another namespace and port type, GetDividend on top, no GetHistory. */
    public static final String OTHER_QUOTES_WSDL = "other-quotes.wsdl";
    /** A WSDL with an HTTP GET binding only. */
    public static final String HTTP_ONLY_WSDL = "http-only.wsdl";

    public static final QName STOCK_QUOTE = new QName("urn:example:stockquote", "StockQuotePortType");
    public static final QName MARKET_STOCK_QUOTE = new QName("urn:example:market", "StockQuotePortType");
    public static final QName OTHER_QUOTES = new QName("urn:example:otherquotes", "OtherQuotesPortType");
    public static final QName NEWS = new QName("urn:example:market", "NewsPortType");
    public static final QName WEATHER = new QName("urn:example:weather", "WeatherPortType");

    private static final String PROVIDER_SITE = "http://wsdl.provider.example/";

    private TestInstances() {
    }

    /** The bytes of a sample WSDL, by file name. */
    public static byte[] wsdl(String fileName) {
        try (InputStream in = TestInstances.class.getResourceAsStream("/wsdl/" + fileName)) {
            if (in == null) {
                throw new IllegalArgumentException("no test WSDL " + fileName);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String wsdlText(String fileName) {
        return new String(wsdl(fileName), StandardCharsets.UTF_8);
    }

    /** Where a provider would publish a sample WSDL; {@link #wsdlSource()} serves it from there. */
    public static String wsdlLocation(String fileName) {
        return PROVIDER_SITE + fileName;
    }

    /** Serves the sample WSDLs at their {@link #wsdlLocation}; anything else is unreadable. */
    public static WsdlSource wsdlSource() {
        return location -> {
            if (!location.startsWith(PROVIDER_SITE)) {
                throw new NodeFault(FaultCode.WsdlUnreadable, "no test WSDL at " + location);
            }
            return wsdl(location.substring(PROVIDER_SITE.length()));
        };
    }

    /** A source for a node whose providers are all gone. */
    public static WsdlSource unreachableWsdlSource() {
        return location -> {
            throw new NodeFault(FaultCode.WsdlUnreadable, "provider at " + location + " is gone");
        };
    }

    /** Registers every port type a sample WSDL binds, at the WSDL's own addresses. */
    public static RegistrationRequest registration(String wsdlFile) {
        return new RegistrationRequest(wsdlLocation(wsdlFile), null, null, null, null, Map.of());
    }

    /** Registers every port type a sample WSDL binds, dispatched to {@code endpoint}. */
    public static RegistrationRequest registration(String wsdlFile, String endpoint) {
        return new RegistrationRequest(wsdlLocation(wsdlFile), endpoint, null, null, null, Map.of());
    }

    public static RegistrationRequest registration(String wsdlFile, Map<String, String> attributes) {
        return new RegistrationRequest(wsdlLocation(wsdlFile), null, null, null, null, attributes);
    }

    /** An operational stock-quote instance without a timeout of its own. */
    public static Instance instance(String id) {
        return instance(id, null);
    }

    public static Instance instance(String id, Long timeoutMs) {
        return new Instance(id, "StockQuotePortType", STOCK_QUOTE, "http://" + id + ".provider.example/stockquote",
                wsdlLocation(SOAP11_WSDL), null, null, timeoutMs, Map.of(), InstanceState.OPERATIONAL);
    }

    public static List<Instance> instances(String... ids) {
        return Arrays.stream(ids).map(TestInstances::instance).toList();
    }

    /** The request element of the stock-quote port type's {@code GetQuote}. */
    public static final QName GET_QUOTE = new QName(STOCK_QUOTE.getNamespaceURI(), "GetQuote");
    /** The request element of the stock-quote port type's {@code GetHistory}, which {@link #QUOTES_ONLY_WSDL} lacks. */
    public static final QName GET_HISTORY = new QName(STOCK_QUOTE.getNamespaceURI(), "GetHistory");

    /** A SOAP 1.1 stock-quote virtual port with a GetQuote operation, for requests that never reach XML. */
    public static VirtualPort virtualPort() {
        QName getQuote = new QName(STOCK_QUOTE.getNamespaceURI(), "GetQuote");
        return new VirtualPort("StockQuotePortType", STOCK_QUOTE, SoapVersion.SOAP_11, null,
                new QName(STOCK_QUOTE.getNamespaceURI(), "StockQuoteSoapBinding"), "<definitions/>",
                Map.of(getQuote, "GetQuote"), Map.of("GetQuote", "urn:example:stockquote:GetQuote"), Map.of());
    }

    public static RequestContext request() {
        return request(virtualPort());
    }

    /** An anonymous GetQuote request on {@code port}. */
    public static RequestContext request(VirtualPort port) {
        return new RequestContext(port, "GetQuote", Caller.ANONYMOUS, Map.of(), "urn:example:stockquote:GetQuote",
                "text/xml; charset=UTF-8", soap11Envelope("", stockQuoteElement("GetQuote", "<symbol>ACME</symbol>")));
    }

    /** A SOAP 1.1 envelope, UTF-8, with {@code header} in its Header (none when empty) and {@code payload} in its Body. */
    public static byte[] soap11Envelope(String header, String payload) {
        return ("<Envelope xmlns=\"" + SoapVersion.SOAP_11.envelopeNamespace() + "\">"
                + (header.isEmpty() ? "" : "<Header>" + header + "</Header>")
                + "<Body>" + payload + "</Body></Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    /** An element {@code localName} of the stock-quote namespace holding {@code content}, as a request's payload. */
    public static String stockQuoteElement(String localName, String content) {
        return "<" + localName + " xmlns=\"" + STOCK_QUOTE.getNamespaceURI() + "\">" + content + "</" + localName + ">";
    }

    /** Parses what the code under test produced, so tests can check its meaning rather than its text. */
    public static Document parseXml(byte[] xml) {
        try {
            return SecureXml.documentBuilder().parse(new ByteArrayInputStream(xml));
        } catch (SAXException e) {
            throw new AssertionError("not well-formed, namespace-correct XML: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Document parseXml(String xml) {
        return parseXml(xml.getBytes(StandardCharsets.UTF_8));
    }
}
