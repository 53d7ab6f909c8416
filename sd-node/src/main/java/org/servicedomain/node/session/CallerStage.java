package org.servicedomain.node.session;

import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.EnvelopeHead;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.Stage;

/**
 * Names the caller by the session header: anonymous without one, the session's user with a
 * valid one; an unknown or expired session is refused with {@code NotAuthorized}. A session another
 * member opened a moment ago is looked up without holding the thread (an event loop): the request
 * goes on when the answer is there.
 */
public final class CallerStage implements Stage {

    private final SessionRegistry sessions;

    public CallerStage(SessionRegistry sessions) {
        this.sessions = sessions;
    }

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        String sessionId = chain.request().tag(EnvelopeHead.class).sessionId();
        if (sessionId == null) {
            return chain.proceed(chain.request());
        }
        return sessions.callerLater(sessionId).thenCompose(caller -> chain.proceed(chain.request().withCaller(caller.orElseThrow(() ->
                new NodeFault(FaultCode.NotAuthorized, "unknown or expired session: log in again through the home port")))));
    }
}
