package org.servicedomain.samples.provider;

import java.util.List;
import java.util.Objects;
import org.servicedomain.samples.blast.BlastDatabases;

/**
 * What one {@link SampleProvider} serves and how it misbehaves; validated on construction.
 *
 * @param service   the sample service to serve
 * @param name      the provider's name, echoed in every answer and fault so tests can see who served
 * @param port      the TCP port, 0 for an ephemeral one
 * @param soap12    SOAP 1.2 binding instead of SOAP 1.1
 * @param delayMs   initial delay before answering each SOAP request (changeable at runtime)
 * @param failRate  fraction (0..1) of SOAP requests answered with HTTP 500 and a plain-text body
 * @param workers   how many SOAP requests it serves at once, the rest queueing inside it as in a
 *                  thread pool; 0 for as many as its connector takes (changeable at runtime)
 * @param databases databases a BLAST provider holds (all of {@link BlastDatabases#ALL} when empty);
 *                  must be empty for other services, the per-database BLAST services included, whose
 *                  options always hold their {@link SampleService#soleDatabase() sole database}
 * @param host      the address to listen on (e.g. {@code 127.0.0.1}), null for every interface; the
 *                  provider's own address names it, so a node reaches the provider where it listens
 * @param symbols   the symbols a stock-quote provider's exchange lists, the only ones its
 *                  {@code monitorStocks} answers (the model's stock monitor); empty for every symbol,
 *                  and for other services
 * @param tls       the key and certificate it serves HTTPS with; null for plain HTTP
 */
public record ProviderOptions(SampleService service, String name, int port, boolean soap12, long delayMs,
                              double failRate, int workers, List<String> databases, String host, List<String> symbols,
                              ProviderTls tls) {

    public ProviderOptions {
        Objects.requireNonNull(service, "service");
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank but was '" + name + "'");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be between 0 and 65535 but was " + port);
        }
        if (delayMs < 0) {
            throw new IllegalArgumentException("delayMs must not be negative but was " + delayMs);
        }
        if (!(failRate >= 0 && failRate <= 1)) {
            throw new IllegalArgumentException("failRate must be between 0 and 1 but was " + failRate);
        }
        if (workers < 0) {
            throw new IllegalArgumentException("workers must not be negative but was " + workers);
        }
        databases = List.copyOf(Objects.requireNonNull(databases, "databases"));
        if (service != SampleService.BLAST && !databases.isEmpty()) {
            throw new IllegalArgumentException("databases apply only to the blast service but were given for "
                    + service.path());
        }
        if (service == SampleService.BLAST && databases.isEmpty()) {
            databases = BlastDatabases.ALL;
        }
        if (service.soleDatabase().isPresent()) {
            databases = List.of(service.soleDatabase().get());
        }
        if (host != null && host.isBlank()) {
            host = null;
        }
        symbols = List.copyOf(Objects.requireNonNull(symbols, "symbols"));
        if (service != SampleService.STOCKQUOTE && !symbols.isEmpty()) {
            throw new IllegalArgumentException("symbols apply only to the stockquote service but were given for "
                    + service.path());
        }
        if (symbols.stream().anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("symbols must not be blank but were " + symbols);
        }
    }

    /** Defaults: ephemeral port, SOAP 1.1, no delay, no failures, all databases for BLAST (its own for BLAST_BLUE etc.). */
    public static ProviderOptions of(SampleService service, String name) {
        return builder(service, name).build();
    }

    public static Builder builder(SampleService service, String name) {
        return new Builder(service, name);
    }

    /** A builder starting from these options, e.g. to restart a provider with another delay. */
    public Builder toBuilder() {
        return new Builder(service, name).port(port).soap12(soap12).delayMs(delayMs).failRate(failRate).workers(workers)
                .databases(service == SampleService.BLAST ? databases : List.of()).host(host).symbols(symbols).tls(tls);
    }

    /** Builds {@link ProviderOptions}; validation happens in {@link #build()}. */
    public static final class Builder {
        private final SampleService service;
        private final String name;
        private int port;
        private boolean soap12;
        private long delayMs;
        private double failRate;
        private int workers;
        private List<String> databases = List.of();
        private String host;
        private List<String> symbols = List.of();
        private ProviderTls tls;

        private Builder(SampleService service, String name) {
            this.service = service;
            this.name = name;
        }

        public Builder port(int port) {
            this.port = port;
            return this;
        }

        public Builder soap12(boolean soap12) {
            this.soap12 = soap12;
            return this;
        }

        public Builder delayMs(long delayMs) {
            this.delayMs = delayMs;
            return this;
        }

        public Builder failRate(double failRate) {
            this.failRate = failRate;
            return this;
        }

        public Builder workers(int workers) {
            this.workers = workers;
            return this;
        }

        public Builder databases(List<String> databases) {
            this.databases = databases;
            return this;
        }

        /** The address to listen on; null (the default) for every interface. */
        public Builder host(String host) {
            this.host = host;
            return this;
        }

        /** The symbols a stock-quote provider's exchange lists (its {@code monitorStocks} answers only those); empty: all. */
        public Builder symbols(List<String> symbols) {
            this.symbols = symbols;
            return this;
        }

        /** Serves HTTPS with this key and certificate; null (the default) for plain HTTP. */
        public Builder tls(ProviderTls tls) {
            this.tls = tls;
            return this;
        }

        public ProviderOptions build() {
            return new ProviderOptions(service, name, port, soap12, delayMs, failRate, workers, databases, host, symbols, tls);
        }
    }
}
