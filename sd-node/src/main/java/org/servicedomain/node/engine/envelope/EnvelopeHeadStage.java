package org.servicedomain.node.engine.envelope;

import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.EnvelopeHead;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;

/**
 * Reads the envelope's head in one streaming pass (content type, SOAP version, operation element,
 * session header) and cuts the session header out of the bytes that go on, so a session id
 * never leaves the node; a message that is not a SOAP envelope of the port's version is refused.
 */
public final class EnvelopeHeadStage implements Stage {

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        if (!request.virtualPort().soapVersion().acceptsContentType(request.contentType())) {
            throw SoapRequestReader.badRequest("content type " + request.contentType() + " is not SOAP "
                    + request.virtualPort().soapVersion().label() + " (" + request.virtualPort().soapVersion().mediaType() + ")");
        }
        SoapRequest soap = SoapRequestReader.read(request.body(), request.virtualPort().soapVersion());
        return chain.proceed(request.withBody(soap.forwardable(request.body()))
                .withTag(EnvelopeHead.class, new EnvelopeHead(soap.operationElement(), soap.sessionId())));
    }
}
