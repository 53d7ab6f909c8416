package org.servicedomain.node.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Which addresses of a host a connection may go to, asked anew each time: the defence against DNS rebinding. */
class PermittedAddressesTest {

    private static final ProviderNetworks LOOPBACK_DENIED = new ProviderNetworks(Networks.NONE, Networks.LOOPBACK);

    private final List<String> lookups = new ArrayList<>();
    private final AtomicReference<String[]> answer = new AtomicReference<>(new String[] {"203.0.113.7"});
    private final HostResolver names = host -> {
        lookups.add(host);
        InetAddress[] addresses = new InetAddress[answer.get().length];
        for (int i = 0; i < addresses.length; i++) {
            addresses[i] = Networks.literal(answer.get()[i]);
        }
        return addresses;
    };

    @Test
    void keepsOnlyThePermittedAddressesOfAName() throws UnknownHostException {
        answer.set(new String[] {"127.0.0.1", "203.0.113.7", "::1", "198.51.100.2"});

        InetAddress[] permitted = new PermittedAddresses(LOOPBACK_DENIED, names).resolve("quotes.example");

        assertThat(permitted).containsExactly(Networks.literal("203.0.113.7"), Networks.literal("198.51.100.2"));
    }

    @Test
    void aNameThatResolvesOnlyIntoDeniedNetworksIsRefusedNamingTheHostAndItsAddresses() {
        answer.set(new String[] {"127.0.0.1", "::1"});

        DeniedNetworkException denied = catchThrowableOfType(DeniedNetworkException.class,
                () -> new PermittedAddresses(LOOPBACK_DENIED, names).resolve("quotes.example"));

        assertThat(denied.host()).isEqualTo("quotes.example");
        assertThat(denied.getMessage()).contains("127.0.0.1").contains("0:0:0:0:0:0:0:1");
        assertThat(denied.reason()).contains("quotes.example").contains("networks the node does not reach")
                .doesNotContain("127.0.0.1");
    }

    @Test
    void aNameIsLookedUpAgainAtEveryCallSoARebindingIsSeen() throws UnknownHostException {
        PermittedAddresses permitted = new PermittedAddresses(LOOPBACK_DENIED, names);
        assertThat(permitted.resolve("quotes.example")).containsExactly(Networks.literal("203.0.113.7"));

        answer.set(new String[] {"127.0.0.1"});

        assertThat(catchThrowableOfType(DeniedNetworkException.class, () -> permitted.resolve("quotes.example"))).isNotNull();
        assertThat(lookups).containsExactly("quotes.example", "quotes.example");
    }

    @Test
    void anIpLiteralIsCheckedWithoutALookup() throws UnknownHostException {
        PermittedAddresses permitted = new PermittedAddresses(LOOPBACK_DENIED, names);

        assertThat(permitted.resolve("203.0.113.9")).containsExactly(Networks.literal("203.0.113.9"));
        assertThat(catchThrowableOfType(DeniedNetworkException.class, () -> permitted.resolve("127.0.0.1"))).isNotNull();
        assertThat(catchThrowableOfType(DeniedNetworkException.class, () -> permitted.resolve("[::1]"))).isNotNull();
        assertThat(catchThrowableOfType(DeniedNetworkException.class, () -> permitted.resolve("::ffff:127.0.0.1"))).isNotNull();
        assertThat(lookups).isEmpty();
    }

    @Test
    void anUnknownNameStaysUnknownRatherThanDenied() {
        HostResolver nothing = host -> {
            throw new UnknownHostException(host);
        };

        UnknownHostException unknown = catchThrowableOfType(UnknownHostException.class,
                () -> new PermittedAddresses(LOOPBACK_DENIED, nothing).resolve("nowhere.example"));

        assertThat(unknown).isNotInstanceOf(DeniedNetworkException.class);
    }
}
