package org.servicedomain.samples.backout;

import jakarta.jws.WebService;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The back-out implementation of one provider: keeps each back-out it receives, in memory. */
@WebService(endpointInterface = "org.servicedomain.samples.backout.BackOutPortType",
        targetNamespace = BackOutPortType.NAMESPACE,
        serviceName = "BackOutService", portName = "BackOutPort")
public class BackOutEndpoint implements BackOutPortType {

    private final String providerName;
    private final List<BackOut> received = new CopyOnWriteArrayList<>();

    public BackOutEndpoint(String providerName) {
        this.providerName = providerName;
    }

    @Override
    public BackOutResponse backOut(BackOut request) {
        received.add(request);
        return new BackOutResponse(received.size(), providerName);
    }

    @Override
    public ListBackOutsResponse listBackOuts(ListBackOuts request) {
        return new ListBackOutsResponse(received);
    }
}
