package org.servicedomain.samples.provider;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The bodies fault injection writes instead of the service's answer. */
final class InjectedResponses {

    private static final String SOAP11_FAULT = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>%s</faultstring>"
            + "</soap:Fault></soap:Body></soap:Envelope>";
    private static final String SOAP12_FAULT = "<env:Envelope xmlns:env=\"http://www.w3.org/2003/05/soap-envelope\">"
            + "<env:Body><env:Fault><env:Code><env:Value>env:Receiver</env:Value></env:Code>"
            + "<env:Reason><env:Text xml:lang=\"en\">%s</env:Text></env:Reason>"
            + "</env:Fault></env:Body></env:Envelope>";

    private InjectedResponses() {
    }

    /** A non-SOAP error: the given status with a {@code text/plain} body. */
    static void plainText(HttpServletResponse response, int status, String text) throws IOException {
        write(response, status, "text/plain;charset=UTF-8", text);
    }

    /** HTTP 500 with a SOAP fault of the given SOAP version whose faultstring/reason is {@code reason}. */
    static void soapFault(HttpServletResponse response, boolean soap12, String reason) throws IOException {
        String body = String.format(soap12 ? SOAP12_FAULT : SOAP11_FAULT, escape(reason));
        write(response, HttpServletResponse.SC_INTERNAL_SERVER_ERROR,
                soap12 ? "application/soap+xml;charset=UTF-8" : "text/xml;charset=UTF-8", body);
    }

    private static void write(HttpServletResponse response, int status, String contentType, String body)
            throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType(contentType);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
