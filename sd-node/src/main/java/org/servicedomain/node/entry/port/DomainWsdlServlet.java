package org.servicedomain.node.entry.port;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.domain.DomainInfoStore;
import org.servicedomain.node.xml.XmlText;

/**
 * The domain WSDL at {@code /services/domain?wsdl}: one WSDL 1.1 document that imports the WSDL of
 * every virtual port the node shows now, its own and those surfaced from child nodes alike. With
 * {@code ?wsdl&flat} the same ports come as one self-contained document ({@link FlatDomainWsdl}). Both carry
 * the domain information in a {@code wsdl:documentation}, as every virtual port's WSDL does.
 */
public final class DomainWsdlServlet extends HttpServlet {

    public static final String PATH = "/services/domain";
    static final String NAMESPACE = "urn:sd:domain:1";

    private final transient String nodeName;
    private final transient Catalog catalog;
    private final transient DomainInfoStore domainInfo;
    private final transient VirtualPortFront front;

    /** The domain WSDL of node {@code nodeName}: the ports of {@code catalog} as {@code front} publishes them. */
    public DomainWsdlServlet(String nodeName, Catalog catalog, DomainInfoStore domainInfo, VirtualPortFront front) {
        this.nodeName = nodeName;
        this.catalog = catalog;
        this.domainInfo = domainInfo;
        this.front = front;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String text = isFlatAskedFor(request) ? flat(request) : importing(request);
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        response.setContentType("text/xml; charset=UTF-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** True for {@code ?wsdl&flat} (the parameter {@code flat} given, with any value but {@code false}). */
    static boolean isFlatAskedFor(HttpServletRequest request) {
        String flat = request.getParameter("flat");
        return flat != null && !"false".equalsIgnoreCase(flat);
    }

    private String flat(HttpServletRequest request) {
        FlatDomainWsdl wsdl = new FlatDomainWsdl(nodeName, NAMESPACE, domainInfo.current().documentation());
        for (VirtualPort port : catalog.snapshot().ports()) {
            wsdl.add(port.name(), front.published(port, NodeAddress.virtualPort(request, port.name())));
        }
        return wsdl.text();
    }

    private String importing(HttpServletRequest request) {
        StringBuilder wsdl = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<wsdl:definitions xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\" name=\"")
                .append(XmlText.escape(nodeName)).append("\" targetNamespace=\"")
                .append(NAMESPACE).append("\">\n");
        String documentation = domainInfo.current().documentation();
        if (!documentation.isEmpty()) {
            wsdl.append("  <wsdl:documentation>").append(XmlText.escape(documentation)).append("</wsdl:documentation>\n");
        }
        for (VirtualPort port : catalog.snapshot().ports()) {
            wsdl.append("  <wsdl:import namespace=\"").append(XmlText.escape(port.portType().getNamespaceURI()))
                    .append("\" location=\"").append(XmlText.escape(NodeAddress.virtualPort(request, port.name())))
                    .append("?wsdl\"/>\n");
        }
        return wsdl.append("</wsdl:definitions>\n").toString();
    }
}
