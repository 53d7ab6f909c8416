package org.servicedomain.node.engine.decision;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.ContentCondition;
import org.servicedomain.node.policy.ContentReader;
import org.servicedomain.node.policy.PortPolicy;

/**
 * Reads from the payload the values the port's content rules (and the policy's priority classes)
 * need for this operation, unless a parent node already sent them all; a request no content rule
 * looks at is not parsed again.
 */
public final class ContentValuesStage implements Stage {

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        CompiledPolicy policy = request.tag(CompiledPolicy.class);
        String port = request.virtualPort().name();
        List<ContentCondition> needed = both(request.tag(PortPolicy.class).contentConditionsFor(request.operation()),
                policy.priorityClasses().contentConditionsFor(port, request.operation()));
        if (needed.isEmpty() || carries(request, needed)) {
            return chain.proceed(request);
        }
        return chain.proceed(request.withContentValues(carried(ContentReader.read(request.body(), needed), request)));
    }

    private static List<ContentCondition> both(List<ContentCondition> rules, List<ContentCondition> classes) {
        if (classes.isEmpty()) {
            return rules;
        }
        if (rules.isEmpty()) {
            return classes;
        }
        List<ContentCondition> all = new ArrayList<>(rules);
        all.addAll(classes);
        return all;
    }

    /** Whether the request already carries every value the rules need (a parent node read them). */
    private static boolean carries(RequestContext request, List<ContentCondition> needed) {
        for (ContentCondition c : needed) {
            if (!request.contentValues().containsKey(c.name())) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, String> carried(Map<String, String> read, RequestContext request) {
        if (request.contentValues().isEmpty()) {
            return read;
        }
        Map<String, String> values = new HashMap<>(read);
        values.putAll(request.contentValues());
        return values;
    }
}
