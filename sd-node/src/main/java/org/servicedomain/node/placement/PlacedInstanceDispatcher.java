package org.servicedomain.node.placement;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.namespace.QName;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.catalog.PlacedInstance;
import org.servicedomain.node.core.CalledOperation;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.dispatch.InstanceDispatcher;

/**
 * Sends a call of a shared operation to an instance of a placed port type in that instance's
 * namespaces and with its SOAPAction, and brings its answer (a fault's detail included) back in
 * the port's namespaces; per attempt, so failover may pass between instances of either port type.
 * An instance of the port's own port type costs one comparison: its request goes on untouched.
 */
public final class PlacedInstanceDispatcher implements InstanceDispatcher {

    /** The value, quoted or not, of an {@code action} parameter of a Content-Type. */
    private static final Pattern ACTION_PARAMETER =
            Pattern.compile(";\\s*action\\s*=\\s*(\"[^\"]*\"|[^;\\s]*)", Pattern.CASE_INSENSITIVE);

    private final InstanceDispatcher next;
    private final Supplier<CatalogSnapshot> catalog;

    /**
     * @param next where the request goes, rewritten or not; closed with this dispatcher
     * @param catalog the current snapshot, which holds each placed instance's namespace maps
     */
    public PlacedInstanceDispatcher(InstanceDispatcher next, Supplier<CatalogSnapshot> catalog) {
        this.next = next;
        this.catalog = catalog;
    }

    @Override
    public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout) {
        if (instance.portType().equals(request.virtualPort().portType())) {
            return next.dispatch(instance, request, timeout);
        }
        PlacedInstance placement = catalog.get().placement(instance.id());
        CalledOperation called = request.tag(CalledOperation.class);
        if (placement == null || called == null || !placement.shares(called.requestElement())) {
            return next.dispatch(instance, request, timeout); // an operation of its own: already in its namespaces
        }
        QName element = called.requestElement();
        String action = placement.soapActions().get(element);
        String soapAction = request.soapAction() == null || action == null ? request.soapAction() : "\"" + action + "\"";
        String contentType = action == null ? request.contentType() : withAction(request.contentType(), action);
        if (!placement.rewrites(element)) {
            return next.dispatch(instance, request.withForwarded(soapAction, contentType, request.body()), timeout);
        }
        byte[] body = NamespaceRewriter.rewrite(request.body(), placement.toInstance());
        return next.dispatch(instance, request.withForwarded(soapAction, contentType, body), timeout)
                .thenApply(reply -> inPortNamespaces(reply, placement));
    }

    /** {@code contentType} with the value of its SOAP 1.2 {@code action} parameter, if it has one, replaced by {@code action}. */
    static String withAction(String contentType, String action) {
        if (contentType == null) {
            return null;
        }
        Matcher parameter = ACTION_PARAMETER.matcher(contentType);
        return parameter.find() ? contentType.substring(0, parameter.start(1)) + "\"" + action + "\""
                + contentType.substring(parameter.end(1)) : contentType;
    }


    private static ProviderReply inPortNamespaces(ProviderReply reply, PlacedInstance placement) {
        try {
            return new ProviderReply(reply.status(), reply.contentType(),
                    NamespaceRewriter.rewrite(reply.body(), placement.toPort()), reply.instanceId(), reply.supplierLevels());
        } catch (IllegalArgumentException unreadable) {
            throw new CompletionException(new DispatchException(DispatchException.Kind.PROTOCOL,
                    "the answer of an instance of a placed port type could not be put into the port's namespaces: "
                            + unreadable.getMessage(), unreadable));
        }
    }

    @Override
    public void close() {
        next.close();
    }
}
