package org.servicedomain.node.core;

/** The two SOAP envelopes a virtual port may speak, with what tells them apart on the wire. */
public enum SoapVersion {
    SOAP_11("1.1", "http://schemas.xmlsoap.org/soap/envelope/", "text/xml",
            "http://schemas.xmlsoap.org/wsdl/soap/"),
    SOAP_12("1.2", "http://www.w3.org/2003/05/soap-envelope", "application/soap+xml",
            "http://schemas.xmlsoap.org/wsdl/soap12/");

    private final String label;
    private final String envelopeNamespace;
    private final String mediaType;
    private final String wsdlBindingNamespace;

    SoapVersion(String label, String envelopeNamespace, String mediaType, String wsdlBindingNamespace) {
        this.label = label;
        this.envelopeNamespace = envelopeNamespace;
        this.mediaType = mediaType;
        this.wsdlBindingNamespace = wsdlBindingNamespace;
    }

    /** "1.1" or "1.2", as shown to administrators. */
    public String label() {
        return label;
    }

    public String envelopeNamespace() {
        return envelopeNamespace;
    }

    /** The media type of this version's messages, without parameters. */
    public String mediaType() {
        return mediaType;
    }

    /** The namespace of this version's WSDL 1.1 binding extension elements. */
    public String wsdlBindingNamespace() {
        return wsdlBindingNamespace;
    }

    /** Whether a Content-Type header value names this version's media type. */
    public boolean acceptsContentType(String contentType) {
        if (contentType == null) {
            return false;
        }
        int semicolon = contentType.indexOf(';');
        String media = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim();
        return media.equalsIgnoreCase(mediaType);
    }

    public static SoapVersion fromLabel(String label) {
        for (SoapVersion v : values()) {
            if (v.label.equals(label)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown SOAP version " + label);
    }
}
