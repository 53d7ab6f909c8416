package org.servicedomain.node.network;

import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.InetNameResolver;
import io.netty.resolver.InetSocketAddressResolver;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

/**
 * Netty's host resolution through {@link PermittedAddresses}, for a {@code Bootstrap} that connects
 * by host name: each connect resolves the name again and goes to the permitted address it got, and a
 * host with none fails the connect with the {@link org.servicedomain.node.network.DeniedNetworkException}.
 * Resolves on the connecting event loop, as Netty's default resolver does.
 */
public final class PermittedAddressResolverGroup extends AddressResolverGroup<InetSocketAddress> {

    private final PermittedAddresses addresses;

    public PermittedAddressResolverGroup(PermittedAddresses addresses) {
        this.addresses = addresses;
    }

    @Override
    protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
        return new InetSocketAddressResolver(executor, new PermittedNameResolver(executor, addresses));
    }

    private static final class PermittedNameResolver extends InetNameResolver {

        private final PermittedAddresses addresses;

        PermittedNameResolver(EventExecutor executor, PermittedAddresses addresses) {
            super(executor);
            this.addresses = addresses;
        }

        @Override
        protected void doResolve(String host, Promise<InetAddress> promise) {
            try {
                promise.setSuccess(addresses.resolve(host)[0]);
            } catch (UnknownHostException e) {
                promise.setFailure(e);
            }
        }

        @Override
        protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
            try {
                promise.setSuccess(Arrays.asList(addresses.resolve(host)));
            } catch (UnknownHostException e) {
                promise.setFailure(e);
            }
        }
    }
}
