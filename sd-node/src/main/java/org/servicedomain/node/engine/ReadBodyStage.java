package org.servicedomain.node.engine;

import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.ArrivingBody;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;

/** Waits, without a thread, for the client's whole body, then proceeds with it. */
final class ReadBodyStage implements Stage {

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        return request.tag(ArrivingBody.class).bytes().thenCompose(body -> chain.proceed(request.withBody(body)));
    }
}
