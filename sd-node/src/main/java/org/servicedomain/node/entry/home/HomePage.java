package org.servicedomain.node.entry.home;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.servicedomain.node.entry.port.DomainWsdlServlet;
import org.servicedomain.node.entry.port.NodeAddress;
import org.servicedomain.node.xml.XmlText;

/**
 * The short HTML page a plain GET on the home port answers: a browser that opens the address gets
 * told what the endpoint is and where its WSDL is, instead of a SOAP fault about a missing body.
 */
final class HomePage {

    static final String HOME_PATH = "/home";

    private HomePage() {
    }

    /** True for a GET on the home port with no query (a query such as {@code ?wsdl} is CXF's to answer). */
    static boolean isAskedFor(HttpServletRequest request) {
        String query = request.getQueryString();
        return HOME_PATH.equals(request.getPathInfo()) && (query == null || query.isEmpty());
    }

    static void write(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String address = XmlText.escape(NodeAddress.base(request) + "/services" + HOME_PATH);
        byte[] body = ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"UTF-8\">"
                + "<title>Service-domain home port</title></head>\n<body>\n"
                + "<h1>Service-domain home port</h1>\n"
                + "<p>This is the home port of a service-domain node: the SOAP 1.1 port of its administrative "
                + "operations (register, setPolicy, getServiceInfo, login, ...). POST SOAP requests to "
                + "<code>" + address + "</code>.</p>\n"
                + "<p>Its WSDL is at <a href=\"" + address + "?wsdl\">" + address + "?wsdl</a>; the node's "
                + "virtual ports are listed in the domain WSDL at <code>" + XmlText.escape(NodeAddress.base(request))
                + DomainWsdlServlet.PATH + "?wsdl</code>.</p>\n</body></html>\n").getBytes(StandardCharsets.UTF_8);
        response.setContentType("text/html; charset=UTF-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
