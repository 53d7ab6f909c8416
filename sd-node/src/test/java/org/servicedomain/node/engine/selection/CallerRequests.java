package org.servicedomain.node.engine.selection;

import static org.servicedomain.node.TestInstances.request;

import java.util.List;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.RequestContext;

/** GetQuote requests from a logged-in caller, for directives that read who is calling. */
final class CallerRequests {

    private CallerRequests() {
    }

    /** A request in session {@code sessionId} of a user with no designated providers. */
    static RequestContext inSession(String sessionId) {
        return by(new Caller(sessionId, "joe", "platinum", List.of()));
    }

    /** A request of a logged-in user with {@code designated} providers. */
    static RequestContext byUserDesignating(String... designated) {
        return by(new Caller("session-joe", "joe", "platinum", List.of(designated)));
    }

    static RequestContext by(Caller caller) {
        RequestContext r = request();
        return new RequestContext(r.virtualPort(), r.operation(), caller, r.contentValues(), r.soapAction(),
                r.contentType(), r.body());
    }
}
