package org.servicedomain.testsupport;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.ProviderTls;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;

/**
 * Several real sample providers on ephemeral loopback ports, stopped together: when closed, or after each
 * test when registered as an extension ({@code @RegisterExtension final ProviderFleet providers = new ProviderFleet()}).
 */
public final class ProviderFleet implements AutoCloseable, AfterEachCallback {

    private final List<SampleProvider> providers = new ArrayList<>();

    /** Starts stock-quote providers named {@code names}, SOAP 1.1. */
    public static ProviderFleet stockQuotes(String... names) {
        ProviderFleet fleet = new ProviderFleet();
        for (String name : names) {
            fleet.startStockQuote(name);
        }
        return fleet;
    }

    /** Starts one more stock-quote provider named {@code name}, SOAP 1.1. */
    public SampleProvider startStockQuote(String name) {
        return start(ProviderOptions.of(SampleService.STOCKQUOTE, name));
    }

    /** Starts one more stock-quote provider named {@code name}, SOAP 1.1 over HTTPS with {@code keystore}'s key and certificate. */
    public SampleProvider startStockQuoteOverHttps(String name, TestKeystore keystore) {
        return start(ProviderOptions.builder(SampleService.STOCKQUOTE, name)
                .tls(new ProviderTls(keystore.file(), keystore.password())).build());
    }

    /** Starts one more provider with these options. */
    public SampleProvider start(ProviderOptions options) {
        SampleProvider provider = SampleProvider.launch(options);
        providers.add(provider);
        return provider;
    }

    public SampleProvider get(int index) {
        return providers.get(index);
    }

    public SampleProvider named(String name) {
        return providers.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no provider named " + name));
    }

    public List<SampleProvider> all() {
        return List.copyOf(providers);
    }

    @Override
    public void close() {
        providers.forEach(SampleProvider::close);
        providers.clear();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close();
    }
}
