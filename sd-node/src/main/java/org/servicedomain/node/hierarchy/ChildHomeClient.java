package org.servicedomain.node.hierarchy;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.MessageContext;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.NodeInfo;

/**
 * Asks a child node's home port for the ports and topology below it, as a parent's discovery
 * poll does: {@code getServiceInfo} with {@code topology} and {@code poll} set, on a bus of its own.
 */
public final class ChildHomeClient implements AutoCloseable {

    /** Where a node's home port is, below its base address. */
    static final String HOME_PATH = "/services/home";

    private final Bus bus = BusFactory.newInstance().createBus();
    private final Duration connectTimeout;
    private final Duration receiveTimeout;

    public ChildHomeClient(Duration connectTimeout, Duration receiveTimeout) {
        this.connectTimeout = connectTimeout;
        this.receiveTimeout = receiveTimeout;
    }

    /**
     * The child's topology after it polled the nodes below it; with the child's {@code secret} the
     * call carries a {@link ParentProof}, which a child enforcing roles asks for.
     */
    NodeInfo poll(String childAddress, String secret) throws HomeFault {
        GetServiceInfo request = new GetServiceInfo();
        request.setTopology(Boolean.TRUE);
        request.setPoll(Boolean.TRUE);
        HomePortType home = home(childAddress);
        if (secret != null) {
            ((BindingProvider) home).getRequestContext().put(MessageContext.HTTP_REQUEST_HEADERS,
                    Map.of(ParentProof.HEADER, List.of(ParentProof.of(secret, "POST", URI.create(childAddress + HOME_PATH)))));
        }
        NodeInfo node = home.getServiceInfo(request).getNode();
        if (node == null) {
            throw new IllegalStateException("the node at " + childAddress + " answered without its topology");
        }
        return node;
    }

    private HomePortType home(String childAddress) {
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
        factory.setBus(bus);
        factory.setServiceClass(HomePortType.class);
        factory.setAddress(childAddress + HOME_PATH);
        HomePortType port = factory.create(HomePortType.class);
        Client client = ClientProxy.getClient(port);
        HTTPClientPolicy policy = new HTTPClientPolicy();
        policy.setConnectionTimeout(connectTimeout.toMillis());
        policy.setReceiveTimeout(receiveTimeout.toMillis());
        ((HTTPConduit) client.getConduit()).setClient(policy);
        ((BindingProvider) port).getRequestContext().put("thread.local.request.context", "true");
        return port;
    }

    @Override
    public void close() {
        bus.shutdown(false);
    }
}
