package org.servicedomain.node.network;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import io.netty.resolver.AddressResolver;
import io.netty.util.concurrent.Future;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Netty's resolution of an unresolved address through the permitted addresses, as a Bootstrap's connect asks for it. */
class PermittedAddressResolverGroupTest {

    private final EventLoop loop = new DefaultEventLoop();
    private final PermittedAddressResolverGroup group = new PermittedAddressResolverGroup(new PermittedAddresses(
            new ProviderNetworks(Networks.NONE, Networks.LINK_LOCAL), host -> host.equals("metadata.example")
                    ? new InetAddress[] {Networks.literal("169.254.169.254")}
                    : new InetAddress[] {Networks.literal("169.254.169.254"), Networks.literal("203.0.113.7"),
                            Networks.literal("192.0.2.1")}));

    @AfterEach
    void close() {
        group.close();
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void anUnresolvedAddressBecomesItsFirstPermittedAddressAtItsPort() {
        AddressResolver<InetSocketAddress> resolver = group.getResolver(loop);

        Future<InetSocketAddress> resolved = resolver.resolve(InetSocketAddress.createUnresolved("quotes.example", 8081))
                .syncUninterruptibly();

        assertThat(resolved.getNow()).isEqualTo(new InetSocketAddress(Networks.literal("203.0.113.7"), 8081));
    }

    @Test
    void resolvingAllGivesOnlyThePermittedAddresses() {
        AddressResolver<InetSocketAddress> resolver = group.getResolver(loop);

        Future<List<InetSocketAddress>> all = resolver.resolveAll(InetSocketAddress.createUnresolved("quotes.example", 80))
                .syncUninterruptibly();

        assertThat(all.getNow()).containsExactly(new InetSocketAddress(Networks.literal("203.0.113.7"), 80),
                new InetSocketAddress(Networks.literal("192.0.2.1"), 80));
    }

    @Test
    void aNameOrLiteralWithOnlyDeniedAddressesFailsWithTheDeniedNetwork() {
        AddressResolver<InetSocketAddress> resolver = group.getResolver(loop);

        Future<InetSocketAddress> name = resolver.resolve(InetSocketAddress.createUnresolved("metadata.example", 80))
                .awaitUninterruptibly();
        Future<InetSocketAddress> literal = resolver.resolve(InetSocketAddress.createUnresolved("169.254.169.254", 80))
                .awaitUninterruptibly();

        assertThat(name.cause()).isInstanceOf(DeniedNetworkException.class).hasMessageContaining("metadata.example");
        assertThat(literal.cause()).isInstanceOf(DeniedNetworkException.class).hasMessageContaining("169.254.169.254");
    }
}
