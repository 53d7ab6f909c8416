package org.servicedomain.node.engine.envelope;

import java.util.concurrent.CompletableFuture;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.EnvelopeHead;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.OperationMapping;
import org.servicedomain.node.tracing.CallTrace;

/**
 * Names the operation the request calls: the providers' operation whose request element it is,
 * or the policy's mapped operation of that name, which is rewritten into the providers' own
 * (element renamed, fixed arguments added, SOAPAction set). Any other element is refused.
 */
public final class OperationMappingStage implements Stage {

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        VirtualPort port = request.virtualPort();
        QName element = request.tag(EnvelopeHead.class).operationElement();
        String operation = port.operationFor(element).orElse(null);
        if (operation != null) {
            return chain.proceed(named(request.withOperation(operation)));
        }
        OperationMapping mapping = mappingFor(port, element, request.tag(CompiledPolicy.class));
        String action = port.soapActions().get(mapping.operation());
        String soapAction = request.soapAction() == null || action == null ? request.soapAction() : "\"" + action + "\"";
        return chain.proceed(named(request.withOperation(mapping.name())
                .withForwarded(soapAction, OperationRewrite.rewrite(request.body(), port, mapping))));
    }

    /** {@code request}, whose call's trace now names its port and operation (a refusal from here on included). */
    private static RequestContext named(RequestContext request) {
        CallTrace.of(request).operation(request.virtualPort().name(), request.operation());
        return request;
    }

    /** The policy's mapped operation a request element names, in the namespace of the providers' requests. */
    private static OperationMapping mappingFor(VirtualPort port, QName element, CompiledPolicy policy) {
        return policy.forPort(port.name()).mapping(element.getLocalPart())
                .filter(m -> port.elementOf(m.operation()).map(QName::getNamespaceURI)
                        .filter(element.getNamespaceURI()::equals).isPresent())
                .orElseThrow(() -> SoapRequestReader.badRequest("virtual port " + port.name()
                        + " has no operation for element " + element));
    }
}
