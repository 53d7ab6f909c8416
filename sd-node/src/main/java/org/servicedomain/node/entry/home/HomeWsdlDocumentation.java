package org.servicedomain.node.entry.home;

import java.util.Map;
import org.apache.cxf.frontend.WSDLGetUtils;
import org.apache.cxf.message.Message;
import org.apache.cxf.service.model.EndpointInfo;
import org.servicedomain.node.catalog.DomainDocumentationWsdl;
import org.servicedomain.node.domain.DomainInfoStore;
import org.w3c.dom.Document;

/**
 * The home port's {@code ?wsdl} as CXF writes it, with the domain information in its service's
 * documentation, as every virtual port's WSDL carries it; read from the store on each request, so a
 * change shows at once. Set on the home endpoint under {@code WSDLGetUtils}' class name, which CXF's
 * WSDL interceptor looks up.
 */
final class HomeWsdlDocumentation extends WSDLGetUtils {

    private final DomainInfoStore domainInfo;

    HomeWsdlDocumentation(DomainInfoStore domainInfo) {
        this.domainInfo = domainInfo;
    }

    @Override
    public Document getDocument(Message message, String base, Map<String, String> params, String ctxUri,
            EndpointInfo endpointInfo) {
        Document document = super.getDocument(message, base, params, ctxUri, endpointInfo);
        if (params.containsKey("wsdl")) {
            DomainDocumentationWsdl.add(document, domainInfo.current().documentation());
        }
        return document;
    }
}
