package org.servicedomain.node.dispatch;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;

/**
 * Posts a SOAP message to an HTTP address and brings back the server's answer, whatever its
 * status, without holding a thread in between. The client's bytes, Content-Type and SOAPAction go
 * out unchanged; a failure is a {@link DispatchException} that says whether the request may have
 * reached the server.
 */
public interface SoapTransport extends AutoCloseable {

    /**
     * The answer to {@code request}'s body posted to {@code address}, with at most {@code timeout}
     * to answer; {@code extraHeaders} are name, value pairs.
     */
    CompletableFuture<ProviderReply> post(String address, RequestContext request, Duration timeout, String... extraHeaders);

    @Override
    void close();
}
