package org.servicedomain.samples;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Plain java.net.http SOAP calls, so tests see exactly what goes over the wire. */
public final class SoapHttp {

    public static final String SOAP11_NS = "http://schemas.xmlsoap.org/soap/envelope/";
    public static final String SOAP12_NS = "http://www.w3.org/2003/05/soap-envelope";
    public static final Duration TIMEOUT = Duration.ofSeconds(20);

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    /** A SOAP 1.1 request: {@code text/xml} with a SOAPAction header. */
    public static HttpRequest soap11(URI address, String action, String bodyXml, Duration timeout) {
        String envelope = "<soap:Envelope xmlns:soap=\"" + SOAP11_NS + "\"><soap:Body>" + bodyXml
                + "</soap:Body></soap:Envelope>";
        return HttpRequest.newBuilder(address)
                .timeout(timeout)
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "\"" + action + "\"")
                .POST(HttpRequest.BodyPublishers.ofString(envelope))
                .build();
    }

    /** A SOAP 1.2 request: {@code application/soap+xml} with the action as a content-type parameter. */
    public static HttpRequest soap12(URI address, String action, String bodyXml, Duration timeout) {
        String envelope = "<env:Envelope xmlns:env=\"" + SOAP12_NS + "\"><env:Body>" + bodyXml
                + "</env:Body></env:Envelope>";
        return HttpRequest.newBuilder(address)
                .timeout(timeout)
                .header("Content-Type", "application/soap+xml; charset=UTF-8; action=\"" + action + "\"")
                .POST(HttpRequest.BodyPublishers.ofString(envelope))
                .build();
    }

    public HttpResponse<String> post11(URI address, String action, String bodyXml) throws IOException, InterruptedException {
        return send(soap11(address, action, bodyXml, TIMEOUT));
    }

    public HttpResponse<String> post12(URI address, String action, String bodyXml) throws IOException, InterruptedException {
        return send(soap12(address, action, bodyXml, TIMEOUT));
    }

    public HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build());
    }

    public HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    public java.util.concurrent.CompletableFuture<HttpResponse<String>> sendAsync(HttpRequest request) {
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    }
}
