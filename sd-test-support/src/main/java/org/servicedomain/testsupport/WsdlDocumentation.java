package org.servicedomain.testsupport;

import javax.wsdl.Definition;
import javax.wsdl.Service;
import javax.wsdl.WSDLException;
import javax.wsdl.factory.WSDLFactory;
import javax.wsdl.xml.WSDLReader;
import org.w3c.dom.Element;

/** The documentation a WSDL's service carries, read as client generators read it (wsdl4j). */
public final class WsdlDocumentation {

    private WsdlDocumentation() {
    }

    /** The text of the documentation of the one service in the WSDL at {@code address}; null when it has none. */
    public static String ofTheServiceIn(String address) throws WSDLException {
        WSDLReader reader = WSDLFactory.newInstance().newWSDLReader();
        reader.setFeature("javax.wsdl.verbose", false);
        Definition wsdl = reader.readWSDL(address);
        if (wsdl.getServices().size() != 1) {
            throw new AssertionError("expected one service in " + address + " but found " + wsdl.getServices().size());
        }
        Element documentation = ((Service) wsdl.getServices().values().iterator().next()).getDocumentationElement();
        return documentation == null ? null : documentation.getTextContent();
    }
}
