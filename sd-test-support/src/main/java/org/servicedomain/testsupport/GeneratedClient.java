package org.servicedomain.testsupport;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.dynamic.DynamicClientFactory;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.service.model.MessagePartInfo;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;

/**
 * A SOAP client generated at run time from a live WSDL (CXF compiles classes from it), so a test
 * proves that what a virtual port publishes is enough for any standard client to call it.
 */
public final class GeneratedClient implements AutoCloseable {

    private final Client client;

    private GeneratedClient(Client client) {
        this.client = client;
    }

    /** Generates a client from the WSDL at {@code wsdl}; calls go to the WSDL's soap:address. */
    public static GeneratedClient fromWsdl(URI wsdl, Duration receiveTimeout) {
        Client client = DynamicClientFactory.newInstance().createClient(wsdl.toString());
        HTTPClientPolicy policy = new HTTPClientPolicy();
        policy.setConnectionTimeout(5_000);
        policy.setReceiveTimeout(receiveTimeout.toMillis());
        ((HTTPConduit) client.getConduit()).setClient(policy);
        return new GeneratedClient(client);
    }

    /**
     * Invokes a document/literal operation the way a generated client's method would: the request
     * element's children as named arguments in, the response element's children by name out.
     */
    public Map<String, Object> invoke(String operation, Map<String, Object> arguments) throws Exception {
        BindingOperationInfo wrapped = client.getEndpoint().getBinding().getBindingInfo().getOperations().stream()
                .filter(o -> o.getName().getLocalPart().equals(operation)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("the WSDL has no operation " + operation));
        BindingOperationInfo op = wrapped.isUnwrappedCapable() ? wrapped.getUnwrappedOperation() : wrapped;
        List<MessagePartInfo> inputs = op.getInput().getMessageParts();
        Object[] args = new Object[inputs.size()];
        for (int i = 0; i < args.length; i++) {
            args[i] = arguments.get(inputs.get(i).getName().getLocalPart());
        }
        Object[] results = client.invoke(op, args);
        List<MessagePartInfo> outputs = op.getOutput().getMessageParts();
        Map<String, Object> named = new LinkedHashMap<>();
        for (int i = 0; i < results.length && i < outputs.size(); i++) {
            named.put(outputs.get(i).getName().getLocalPart(), results[i]);
        }
        return named;
    }

    /** The address calls go to, as read from the WSDL. */
    public String address() {
        return client.getEndpoint().getEndpointInfo().getAddress();
    }

    @Override
    public void close() {
        client.destroy();
    }
}
