package org.servicedomain.samples.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import org.apache.cxf.BusFactory;
import org.junit.jupiter.api.Test;
import org.servicedomain.samples.SoapHttp;
import org.servicedomain.samples.Xml;
import org.servicedomain.samples.stockquote.StockQuotePortType;

class SampleProviderLifecycleTest {

    private static final String GET_QUOTE = "<q:getQuote xmlns:q='" + StockQuotePortType.NAMESPACE
            + "'><q:symbol>ACME</q:symbol></q:getQuote>";

    private static String providerOf(URI address) throws Exception {
        // a fresh client each time: no pooled connection to the Tomcat that was stopped
        return Xml.parse(new SoapHttp().post11(address, StockQuotePortType.GET_QUOTE_ACTION, GET_QUOTE).body())
                .text(StockQuotePortType.NAMESPACE, "provider");
    }

    @Test
    void startOnPortZeroReturnsTheAddressOfTheRealPort() {
        try (SampleProvider provider = new SampleProvider(ProviderOptions.of(SampleService.STOCKQUOTE, "eph"))) {
            URI address = provider.start();

            assertThat(provider.isRunning()).isTrue();
            assertThat(provider.port()).isPositive();
            assertThat(address).isEqualTo(URI.create("http://localhost:" + provider.port() + "/stockquote"));
            assertThat(provider.address()).isEqualTo(address);
            assertThat(provider.wsdlAddress()).isEqualTo(URI.create(address + "?wsdl"));
            assertThat(provider.name()).isEqualTo("eph");
        }
    }

    @Test
    void restartServesAgainOnTheSamePort() throws Exception {
        try (SampleProvider provider = SampleProvider.launch(ProviderOptions.of(SampleService.STOCKQUOTE, "phoenix"))) {
            URI before = provider.address();
            assertThat(providerOf(before)).isEqualTo("phoenix");

            URI after = provider.restart();

            assertThat(after).isEqualTo(before);
            assertThat(providerOf(after)).isEqualTo("phoenix");
            assertThat(provider.requestsServed()).isEqualTo(2);
        }
    }

    @Test
    void stopReleasesThePortForAnotherProvider() throws Exception {
        SampleProvider first = SampleProvider.launch(ProviderOptions.of(SampleService.STOCKQUOTE, "first"));
        int port = first.port();
        providerOf(first.address());
        first.stop();

        try (SampleProvider second = SampleProvider.launch(
                ProviderOptions.builder(SampleService.STOCKQUOTE, "second").port(port).build())) {
            assertThat(second.port()).isEqualTo(port);
            assertThat(providerOf(second.address())).isEqualTo("second");
        }
    }

    @Test
    void stopLeavesThePortFreeToBind() throws Exception {
        SampleProvider provider = SampleProvider.launch(ProviderOptions.of(SampleService.CREDITCHECK, "binder"));
        int port = provider.port();

        provider.stop();

        assertThat(provider.isRunning()).isFalse();
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(port));
            assertThat(socket.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    void startFailsLoudlyWhenThePortIsTaken() throws Exception {
        try (ServerSocket taken = new ServerSocket(0);
             SampleProvider provider = new SampleProvider(ProviderOptions.builder(SampleService.STOCKQUOTE, "late")
                     .port(taken.getLocalPort()).build())) {

            assertThatThrownBy(provider::start)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("late")
                    .hasMessageContaining(String.valueOf(taken.getLocalPort()));
            assertThat(provider.isRunning()).isFalse();
        }
    }

    @Test
    void startingARunningProviderIsRefused() {
        try (SampleProvider provider = SampleProvider.launch(ProviderOptions.of(SampleService.STOCKQUOTE, "twice"))) {
            assertThatThrownBy(provider::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("already running");
        }
    }

    @Test
    void addressIsUnknownBeforeTheFirstStartOnAnEphemeralPort() {
        SampleProvider provider = new SampleProvider(ProviderOptions.of(SampleService.STOCKQUOTE, "unborn"));

        assertThatThrownBy(provider::address).isInstanceOf(IllegalStateException.class).hasMessageContaining("unborn");
    }

    @Test
    void stopIsIdempotent() {
        SampleProvider provider = SampleProvider.launch(ProviderOptions.of(SampleService.STOCKQUOTE, "idem"));

        provider.stop();
        provider.stop();
        provider.close();

        assertThat(provider.isRunning()).isFalse();
    }

    @Test
    void providersDoNotBecomeTheJvmWideCxfBus() {
        var before = BusFactory.getDefaultBus(false);
        try (SampleProvider provider = SampleProvider.launch(ProviderOptions.of(SampleService.STOCKQUOTE, "private"))) {
            assertThat(BusFactory.getDefaultBus(false)).isSameAs(before);
            assertThat(BusFactory.getThreadDefaultBus(false)).isSameAs(before);
        }
    }

    @Test
    void severalProvidersRunSideBySideInOneJvm() throws Exception {
        try (SampleProvider a = SampleProvider.launch(ProviderOptions.of(SampleService.STOCKQUOTE, "side-a"));
             SampleProvider b = SampleProvider.launch(ProviderOptions.of(SampleService.STOCKQUOTE, "side-b"))) {
            assertThat(providerOf(a.address())).isEqualTo("side-a");
            assertThat(providerOf(b.address())).isEqualTo("side-b");
        }
    }
}
