package org.servicedomain.node.catalog;

import static org.servicedomain.node.catalog.ServiceDescriptionParser.WSDL_NS;
import static org.servicedomain.node.catalog.ServiceDescriptionParser.children;
import static org.servicedomain.node.catalog.ServiceDescriptionParser.resolve;
import static org.servicedomain.node.catalog.ServiceDescriptionParser.unreadable;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.SoapVersion;
import org.w3c.dom.Element;

/** Reads one wsdl:binding: its SOAP version and style, and the request element of each operation. */
final class SoapBindingReader {

    private final Element binding;
    private final QName name;
    private final SoapVersion soapVersion;
    private final String defaultStyle;
    private final String location;

    SoapBindingReader(Element binding, String tns, String location) {
        this.binding = binding;
        this.name = new QName(tns, binding.getAttribute("name"));
        this.location = location;
        SoapVersion version = null;
        String style = "document";
        for (SoapVersion candidate : SoapVersion.values()) {
            for (Element soapBinding : children(binding, candidate.wsdlBindingNamespace(), "binding")) {
                version = candidate;
                if (soapBinding.hasAttribute("style")) {
                    style = soapBinding.getAttribute("style");
                }
            }
        }
        this.soapVersion = version;
        this.defaultStyle = style;
    }

    QName name() {
        return name;
    }

    /** The SOAP version, or null when this binding is not a SOAP binding (e.g. HTTP GET). */
    SoapVersion soapVersion() {
        return soapVersion;
    }

    QName portType() {
        return resolve(binding, binding.getAttribute("type"));
    }

    Map<QName, String> operationsByElement(Map<String, QName> inputMessages, Map<QName, List<QName>> messageElements) {
        Map<QName, String> operations = new LinkedHashMap<>();
        for (Element operation : children(binding, WSDL_NS, "operation")) {
            String opName = operation.getAttribute("name");
            QName element = "rpc".equals(style(operation))
                    ? new QName(rpcNamespace(operation), opName)
                    : documentElement(opName, inputMessages, messageElements);
            String clash = operations.putIfAbsent(element, opName);
            if (clash != null) {
                throw unreadable(location, "operations " + clash + " and " + opName + " of binding " + name
                        + " share the request element " + element + ", so a request cannot tell them apart", null);
            }
        }
        return operations;
    }

    /** Operation name to its soap:operation soapAction (absent ones are left out). */
    Map<String, String> soapActions() {
        Map<String, String> actions = new LinkedHashMap<>();
        for (Element operation : children(binding, WSDL_NS, "operation")) {
            for (Element soapOperation : children(operation, soapVersion.wsdlBindingNamespace(), "operation")) {
                if (soapOperation.hasAttribute("soapAction")) {
                    actions.put(operation.getAttribute("name"), soapOperation.getAttribute("soapAction"));
                }
            }
        }
        return actions;
    }

    private String style(Element operation) {
        for (Element soapOperation : children(operation, soapVersion.wsdlBindingNamespace(), "operation")) {
            if (soapOperation.hasAttribute("style")) {
                return soapOperation.getAttribute("style");
            }
        }
        return defaultStyle;
    }

    private String rpcNamespace(Element operation) {
        for (Element input : children(operation, WSDL_NS, "input")) {
            for (Element body : children(input, soapVersion.wsdlBindingNamespace(), "body")) {
                return body.getAttribute("namespace");
            }
        }
        return "";
    }

    private QName documentElement(String opName, Map<String, QName> inputMessages,
            Map<QName, List<QName>> messageElements) {
        QName message = inputMessages.get(opName);
        List<QName> parts = message == null ? null : messageElements.get(message);
        if (parts == null || parts.isEmpty() || parts.get(0) == null) {
            throw unreadable(location, "document-style operation " + opName + " of binding " + name
                    + " has no input part with an element", null);
        }
        return parts.get(0);
    }
}
