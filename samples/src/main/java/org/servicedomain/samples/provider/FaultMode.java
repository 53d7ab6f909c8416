package org.servicedomain.samples.provider;

/**
 * How a provider answers SOAP requests (HTTP POSTs); switchable while it runs through
 * {@link SampleProvider#setFaultMode(FaultMode)}. GET requests (the WSDL) are always answered, so a
 * faulty provider can still be registered; to take a provider away entirely, stop it.
 */
public enum FaultMode {

    /** Answer normally (subject only to the configured delay and fail rate). */
    NONE,

    /** HTTP 500 with a {@code text/plain} body: an HTTP error without any SOAP fault. */
    HTTP_500_PLAIN,

    /**
     * HTTP 500 with the provider's own SOAP fault (SOAP 1.1 {@code soap:Server} or SOAP 1.2
     * {@code env:Receiver}, per the provider's binding) whose faultstring is "injected fault from NAME".
     */
    SOAP_FAULT,

    /**
     * Hold the request without answering until the mode changes (the request then proceeds under
     * the new mode) or the provider stops (it then gets a plain 503): the caller should time out.
     */
    HANG,

    /**
     * Close the connection without sending a single byte of response. The socket is closed with
     * SO_LINGER 0, so the caller sees a TCP reset ("Connection reset"); should Tomcat's internals
     * ever refuse that, the connection is still closed without a response (a plain FIN).
     */
    RESET
}
