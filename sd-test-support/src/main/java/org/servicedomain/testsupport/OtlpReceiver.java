package org.servicedomain.testsupport;

import static org.awaitility.Awaitility.await;

import com.google.protobuf.InvalidProtocolBufferException;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A stand-in for an OpenTelemetry collector: an OTLP/HTTP receiver on loopback that decodes every
 * {@code ExportTraceServiceRequest} (protobuf) POSTed to {@code /v1/traces} and keeps its spans.
 */
public final class OtlpReceiver implements AutoCloseable {

    /**
     * One span as received: ids in lowercase hex ({@code parentSpanId} empty for a root), its own
     * attributes and those of the resource that sent it ({@code service.name}, ...) as text.
     */
    public record ReceivedSpan(String serviceName, String traceId, String spanId, String parentSpanId, String name,
            String kind, String status, Map<String, String> attributes, Map<String, String> resource) {

        /** The attribute {@code key}, or null. */
        public String attribute(String key) {
            return attributes.get(key);
        }

        /** The attribute {@code key} of the resource that sent the span, or null. */
        public String resourceAttribute(String key) {
            return resource.get(key);
        }
    }

    private static final HexFormat HEX = HexFormat.of();

    private final HttpServer server;
    private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();

    private OtlpReceiver(HttpServer server) {
        this.server = server;
    }

    public static OtlpReceiver start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            OtlpReceiver receiver = new OtlpReceiver(server);
            server.createContext("/v1/traces", exchange -> {
                int status = 200;
                try (InputStream in = exchange.getRequestBody()) {
                    boolean gzip = "gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"));
                    receiver.received(ExportTraceServiceRequest.parseFrom(gzip ? new GZIPInputStream(in) : in));
                } catch (InvalidProtocolBufferException e) {
                    status = 400;
                }
                byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
                exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(status, answer.length == 0 ? -1 : answer.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(answer);
                }
            });
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void received(ExportTraceServiceRequest request) {
        for (ResourceSpans resource : request.getResourceSpansList()) {
            Map<String, String> sender = text(resource.getResource().getAttributesList());
            String service = sender.get("service.name");
            for (ScopeSpans scope : resource.getScopeSpansList()) {
                for (Span span : scope.getSpansList()) {
                    spans.add(new ReceivedSpan(service, HEX.formatHex(span.getTraceId().toByteArray()),
                            HEX.formatHex(span.getSpanId().toByteArray()), HEX.formatHex(span.getParentSpanId().toByteArray()),
                            span.getName(), span.getKind().name(), span.getStatus().getCode().name(),
                            text(span.getAttributesList()), sender));
                }
            }
        }
    }

    private static Map<String, String> text(List<KeyValue> attributes) {
        Map<String, String> values = new LinkedHashMap<>();
        for (KeyValue attribute : attributes) {
            AnyValue value = attribute.getValue();
            values.put(attribute.getKey(), switch (value.getValueCase()) {
                case STRING_VALUE -> value.getStringValue();
                case INT_VALUE -> Long.toString(value.getIntValue());
                case BOOL_VALUE -> Boolean.toString(value.getBoolValue());
                case DOUBLE_VALUE -> Double.toString(value.getDoubleValue());
                default -> value.toString();
            });
        }
        return Collections.unmodifiableMap(values);
    }

    /** The endpoint to give a node ({@code --otlp-endpoint}): the receiver's base URL, without a path. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** The spans received so far, in order of arrival. */
    public List<ReceivedSpan> spans() {
        return List.copyOf(spans);
    }

    /** The spans received so far of trace {@code traceId}. */
    public List<ReceivedSpan> spansOf(String traceId) {
        return spans.stream().filter(s -> s.traceId().equals(traceId)).toList();
    }

    /**
     * The first span of trace {@code traceId} that is {@code wanted}, once it has arrived: a node sends its
     * spans in batches, every few seconds.
     */
    public ReceivedSpan awaitSpan(String traceId, Predicate<ReceivedSpan> wanted) {
        try {
            return await().atMost(Duration.ofSeconds(20))
                    .until(() -> spansOf(traceId).stream().filter(wanted).findFirst(), Optional::isPresent).orElseThrow();
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("the span wanted of trace " + traceId + " did not arrive within 20 s; it has "
                    + spansOf(traceId), e);
        }
    }

    /** The server span of trace {@code traceId} (the call as the node saw it), once it has arrived. */
    public ReceivedSpan awaitServerSpan(String traceId) {
        return awaitSpan(traceId, s -> s.kind().equals("SPAN_KIND_SERVER"));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
