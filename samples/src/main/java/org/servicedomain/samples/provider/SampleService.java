package org.servicedomain.samples.provider;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.servicedomain.samples.blast.BlastEndpoint;
import org.servicedomain.samples.creditcheck.CreditCheckEndpoint;
import org.servicedomain.samples.stockquote.StockQuoteEndpoint;

/** The sample services a provider can serve; {@link #path()} is both the CLI word and the URL path. */
public enum SampleService {

    STOCKQUOTE("stockquote"),
    CREDITCHECK("creditcheck"),
    BLAST("blast");

    private final String path;

    SampleService(String path) {
        this.path = path;
    }

    /** The URL path below the provider's root, and the word used on the command line. */
    public String path() {
        return path;
    }

    /** The service whose {@link #path()} is {@code name} (case-insensitive); fails naming the valid words. */
    public static SampleService fromName(String name) {
        String wanted = String.valueOf(name).toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(s -> s.path.equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("service must be one of "
                        + Arrays.stream(values()).map(SampleService::path).collect(Collectors.joining(", "))
                        + " but was " + name));
    }

    /** A fresh JAX-WS implementor for one provider with these options. */
    Object createEndpoint(ProviderOptions options) {
        return switch (this) {
            case STOCKQUOTE -> new StockQuoteEndpoint(options.name());
            case CREDITCHECK -> new CreditCheckEndpoint(options.name());
            case BLAST -> new BlastEndpoint(options.name(), options.databases());
        };
    }
}
