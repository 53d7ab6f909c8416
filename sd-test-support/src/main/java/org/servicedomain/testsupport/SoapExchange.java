package org.servicedomain.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Raw SOAP over HTTP for tests that must send what no generated client would: malformed XML,
 * wrong content types, DOCTYPEs, oversized messages.
 */
public final class SoapExchange {

    public static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    public static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5)).version(HttpClient.Version.HTTP_1_1).build();

    private SoapExchange() {
    }

    /** The {@code sd:session} header block for {@code sessionId}, or null (no header) when it is null. */
    public static String sessionHeader(String sessionId) {
        return sessionId == null ? null : "<sd:session xmlns:sd=\"urn:sd:home:1\">" + sessionId + "</sd:session>";
    }

    /** A SOAP 1.1 envelope around {@code bodyContent}, with an optional header block. */
    public static String soap11(String headerContent, String bodyContent) {
        return envelope(SOAP11, headerContent, bodyContent);
    }

    public static String soap12(String headerContent, String bodyContent) {
        return envelope(SOAP12, headerContent, bodyContent);
    }

    private static String envelope(String ns, String headerContent, String bodyContent) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><s:Envelope xmlns:s=\"" + ns + "\">"
                + (headerContent == null ? "" : "<s:Header>" + headerContent + "</s:Header>")
                + "<s:Body>" + bodyContent + "</s:Body></s:Envelope>";
    }

    public static SoapReply post(URI address, String contentType, String soapAction, String body) {
        return post(address, contentType, soapAction, body.getBytes(StandardCharsets.UTF_8));
    }

    public static SoapReply post(URI address, String contentType, String soapAction, byte[] body) {
        return post(address, contentType, soapAction, body, Map.of());
    }

    /** As {@link #post(URI, String, String, byte[])}, with further HTTP headers (a deadline, a hop marker). */
    public static SoapReply post(URI address, String contentType, String soapAction, byte[] body, Map<String, String> headers) {
        Map<String, List<String>> lines = new LinkedHashMap<>();
        headers.forEach((name, value) -> lines.put(name, List.of(value)));
        return postWithHeaderLines(address, contentType, soapAction, body, lines);
    }

    /**
     * As {@link #post(URI, String, String, byte[], Map)}, each value of a header on a line of its
     * own, in order: a header sent more than once, as proxies may pass it on.
     */
    public static SoapReply postWithHeaderLines(URI address, String contentType, String soapAction, byte[] body,
            Map<String, List<String>> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(address)
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (soapAction != null) {
            request.header("SOAPAction", soapAction);
        }
        headers.forEach((name, values) -> values.forEach(value -> request.header(name, value)));
        try {
            HttpResponse<byte[]> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new SoapReply(response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(null), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException("POST to " + address + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    public static SoapReply get(URI address) {
        return get(address, Map.of());
    }

    /** A GET with further HTTP headers (a bearer token, a peer's proof). */
    public static SoapReply get(URI address, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(address).GET();
        headers.forEach(request::header);
        try {
            HttpResponse<byte[]> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new SoapReply(response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(null), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + address + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
