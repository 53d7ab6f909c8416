package org.servicedomain.node.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Fetches a provider's WSDL over HTTP(S), within a time and size limit. */
public final class HttpWsdlSource implements WsdlSource {

    private final HttpClient http;
    private final Duration timeout;
    private final long maxBytes;

    public HttpWsdlSource(Duration timeout, long maxBytes) {
        this.http = HttpClient.newBuilder().connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        this.timeout = timeout;
        this.maxBytes = maxBytes;
    }

    @Override
    public byte[] fetch(String location) {
        URI uri = parse(location);
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).GET().build();
        try {
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                if (response.statusCode() != 200) {
                    throw ServiceDescriptionParser.unreadable(location, "the server answered HTTP "
                            + response.statusCode(), null);
                }
                byte[] bytes = body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
                if (bytes.length > maxBytes) {
                    throw ServiceDescriptionParser.unreadable(location, "it is larger than " + maxBytes + " bytes", null);
                }
                return bytes;
            }
        } catch (IOException e) {
            throw ServiceDescriptionParser.unreadable(location, "it could not be fetched: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ServiceDescriptionParser.unreadable(location, "the fetch was interrupted", e);
        }
    }

    private static URI parse(String location) {
        try {
            URI uri = URI.create(location.trim());
            if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())) {
                throw ServiceDescriptionParser.unreadable(location, "only http and https locations are fetched", null);
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw ServiceDescriptionParser.unreadable(location, "it is not a URL", e);
        }
    }
}
