package org.servicedomain.node.engine.envelope;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import javax.xml.namespace.QName;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.CalledOperation;
import org.servicedomain.node.core.EnvelopeHead;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.policy.OperationMapping;
import org.servicedomain.node.policy.PortPolicy;
import org.servicedomain.node.tracing.CallTrace;

/**
 * Names the operation the request calls: the providers' operation whose request element it is,
 * or the policy's mapped operation of that name, which is rewritten into the providers' own
 * (element renamed, fixed arguments added, SOAPAction set). Any other element is refused, and so is
 * an operation none of the port's instances implements ({@code OperationNotOffered}); the providers'
 * operation travels on as a {@link CalledOperation} tag, for lookup.
 */
public final class OperationMappingStage implements Stage {

    private final Supplier<CatalogSnapshot> catalog;

    /** @param catalog the current catalog snapshot, asked which instances implement the called operation */
    public OperationMappingStage(Supplier<CatalogSnapshot> catalog) {
        this.catalog = catalog;
    }

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        VirtualPort port = request.virtualPort();
        QName element = request.tag(EnvelopeHead.class).operationElement();
        String operation = port.operationFor(element).orElse(null);
        if (operation != null) {
            RequestContext named = named(request.withOperation(operation));
            return chain.proceed(named.withTag(CalledOperation.class, offered(named, new CalledOperation(operation, element))));
        }
        OperationMapping mapping = mappingFor(port, element, request.tag(PortPolicy.class));
        RequestContext named = named(request.withOperation(mapping.name()));
        CalledOperation called = offered(named, new CalledOperation(mapping.operation(),
                port.elementOf(mapping.operation()).orElseThrow()));
        String action = port.soapActions().get(mapping.operation());
        String soapAction = request.soapAction() == null || action == null ? request.soapAction() : "\"" + action + "\"";
        return chain.proceed(named.withForwarded(soapAction, OperationRewrite.rewrite(request.body(), port, mapping))
                .withTag(CalledOperation.class, called));
    }

    /** {@code called}, if some instance of the request's port implements it; else {@code OperationNotOffered}. */
    private CalledOperation offered(RequestContext request, CalledOperation called) {
        String port = request.virtualPort().name();
        if (!catalog.get().offers(port, called.requestElement())) {
            String mapped = request.operation().equals(called.name()) ? "" : " (mapped to " + called.name() + ")";
            throw new NodeFault(FaultCode.OperationNotOffered, "no instance of virtual port " + port
                    + " implements operation " + request.operation() + mapped + ": the port's WSDL shows it, but the WSDL"
                    + " each of its instances registered with lacks it");
        }
        return called;
    }

    /** {@code request}, whose call's trace now names its port and operation (a refusal from here on included). */
    private static RequestContext named(RequestContext request) {
        CallTrace.of(request).operation(request.virtualPort().name(), request.operation());
        return request;
    }

    /** The policy's mapped operation a request element names, in the namespace of the providers' requests. */
    private static OperationMapping mappingFor(VirtualPort port, QName element, PortPolicy policy) {
        return policy.mapping(element.getLocalPart())
                .filter(m -> port.elementOf(m.operation()).map(QName::getNamespaceURI)
                        .filter(element.getNamespaceURI()::equals).isPresent())
                .orElseThrow(() -> SoapRequestReader.badRequest("virtual port " + port.name()
                        + " has no operation for element " + element));
    }
}
