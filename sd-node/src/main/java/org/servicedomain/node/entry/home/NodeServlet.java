package org.servicedomain.node.entry.home;

import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import javax.xml.namespace.QName;
import org.apache.cxf.frontend.WSDLGetUtils;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;
import org.servicedomain.node.entry.port.VirtualPortFront;
import org.servicedomain.node.entry.port.VirtualPortServlet;

/**
 * CXF's servlet under {@code /services/*}, with the home port published at {@code /home} on its
 * bus; its {@code ?wsdl} carries the domain information ({@link HomeWsdlDocumentation}). Virtual
 * ports are not CXF endpoints: {@link VirtualPortServlet} serves them. A browser's plain GET on the
 * home port gets a short page saying what the endpoint is, as a virtual port does.
 */
public final class NodeServlet extends CXFNonSpringServlet {

    static final String HOME_NS = "urn:sd:home:1";

    private final transient HomeNode node;
    private final transient VirtualPortFront front;
    private transient EndpointImpl home;

    public NodeServlet(HomeNode node, VirtualPortFront front) {
        this.node = node;
        this.front = front;
    }

    @Override
    protected void loadBus(ServletConfig servletConfig) {
        super.loadBus(servletConfig);
        home = new EndpointImpl(getBus(), new HomePort(node, front));
        home.setWsdlLocation("classpath:org/servicedomain/schemas/home.wsdl");
        home.setServiceName(new QName(HOME_NS, "HomeService"));
        home.setEndpointName(new QName(HOME_NS, "HomePort"));
        home.getInInterceptors().add(new InvocationMark());
        home.getOutFaultInterceptors().add(new HomeFaultCodes());
        home.setProperties(Map.of(
                "org.apache.cxf.stax.maxTextLength", (int) Math.min(Integer.MAX_VALUE, node.config().maxMessageBytes()),
                "org.apache.cxf.stax.maxElementCount", 100_000L,
                "org.apache.cxf.stax.maxChildElements", 10_000,
                WSDLGetUtils.class.getName(), new HomeWsdlDocumentation(node.domainInfo())));
        home.publish("/home");
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException {
        if (HomePage.isAskedFor(request)) {
            try {
                HomePage.write(request, response);
            } catch (IOException e) {
                throw new ServletException("the home port's page could not be written", e);
            }
            return;
        }
        super.doGet(request, response);
    }

    @Override
    public void destroyBus() {
        if (home != null) {
            home.stop();
        }
        super.destroyBus();
    }
}
