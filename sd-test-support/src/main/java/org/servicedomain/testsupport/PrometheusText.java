package org.servicedomain.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scrape of {@code /sd/metrics} parsed strictly as the Prometheus text exposition format: any
 * line that is neither a comment nor a well-formed sample fails the parse.
 */
public final class PrometheusText {

    /** {@code name{labels} value [timestamp]}, the sample line of the text exposition format. */
    private static final Pattern SAMPLE = Pattern.compile(
            "([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)(?: -?\\d+)?");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");

    /** One sample line of the exposition: a metric name, its labels and a numeric value. */
    public record Sample(String name, Map<String, String> labels, double value) {
        public boolean has(Map<String, String> wanted) {
            return labels.entrySet().containsAll(wanted.entrySet());
        }
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private final List<Sample> samples;

    private PrometheusText(List<Sample> samples) {
        this.samples = List.copyOf(samples);
    }

    /** Parses {@code exposition}; an {@link AssertionError} names the first malformed line. */
    public static PrometheusText parse(String exposition) {
        List<Sample> samples = new ArrayList<>();
        for (String line : exposition.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher sample = SAMPLE.matcher(line);
            if (!sample.matches()) {
                throw new AssertionError("not a sample line: " + line);
            }
            samples.add(new Sample(sample.group(1), labels(line, sample.group(2)), value(line, sample.group(3))));
        }
        if (samples.isEmpty()) {
            throw new AssertionError("no sample in the exposition");
        }
        return new PrometheusText(samples);
    }

    /** Scrapes {@code metrics} (a node's {@code /sd/metrics}) over HTTP and parses it; anything but 200 fails. */
    public static PrometheusText scrape(URI metrics) {
        try {
            HttpResponse<String> scraped = HTTP.send(HttpRequest.newBuilder(metrics).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (scraped.statusCode() != 200) {
                throw new AssertionError("scraping " + metrics + " answered " + scraped.statusCode());
            }
            return parse(scraped.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public List<Sample> samples() {
        return samples;
    }

    /** The samples named {@code name} with at least {@code labels}. */
    public List<Sample> samples(String name, Map<String, String> labels) {
        return samples.stream().filter(s -> s.name().equals(name) && s.has(labels)).toList();
    }

    /** The sum of the values of {@link #samples(String, Map)}. */
    public double sum(String name, Map<String, String> labels) {
        return samples(name, labels).stream().mapToDouble(Sample::value).sum();
    }

    private static Map<String, String> labels(String line, String text) {
        Map<String, String> labels = new HashMap<>();
        if (text == null) {
            return labels;
        }
        Matcher label = LABEL.matcher(text);
        int end = 0;
        while (label.lookingAt()) {
            labels.put(label.group(1), label.group(2));
            end = label.end();
            label.region(end, text.length());
        }
        if (end != text.length()) {
            throw new AssertionError("malformed labels in " + line);
        }
        return labels;
    }

    private static double value(String line, String text) {
        switch (text) {
            case "+Inf":
                return Double.POSITIVE_INFINITY;
            case "-Inf":
                return Double.NEGATIVE_INFINITY;
            case "NaN":
                return Double.NaN;
            default:
                try {
                    return Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw new AssertionError("not a number in " + line, e);
                }
        }
    }
}
