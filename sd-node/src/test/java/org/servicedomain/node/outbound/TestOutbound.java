package org.servicedomain.node.outbound;

import java.time.Duration;
import org.servicedomain.node.network.HostResolver;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.network.PermittedAddresses;
import org.servicedomain.node.network.ProviderNetworks;

/** An {@link Outbound} on one event loop for a test: 5 s timeouts, one connection per address, four in all. */
public final class TestOutbound {

    private TestOutbound() {
    }

    /** Answers up to {@code maxAnswerBytes}; providers' hosts checked by {@code permitted}; the JVM's trust. */
    public static Outbound open(long maxAnswerBytes, PermittedAddresses permitted) {
        return Outbound.open(new OutboundSettings(Duration.ofSeconds(5), Duration.ofSeconds(5), 1, 4, maxAnswerBytes,
                OutboundSettings.jvmTrust(), permitted), 1);
    }

    /**
     * Calls for a part the test never has call out: their {@link Outbound} is closed already, so a call
     * fails at once as at a node's shutdown.
     */
    public static HttpCalls none() {
        Outbound closed = open(new PermittedAddresses(new ProviderNetworks(Networks.NONE, Networks.NONE), HostResolver.SYSTEM));
        closed.close();
        return closed.calls(Outbound.Reach.OPERATOR, "test");
    }

    /** Answers up to 1 MiB. */
    public static Outbound open(PermittedAddresses permitted) {
        return open(1 << 20, permitted);
    }
}
