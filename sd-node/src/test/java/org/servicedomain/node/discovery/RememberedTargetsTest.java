package org.servicedomain.node.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class RememberedTargetsTest {

    private static final QName PRINTER = new QName("urn:example:printing", "PrinterPortType");

    private final InetAddress device = address("192.0.2.1");
    private final InetAddress forger = address("192.0.2.66");

    private static EndpointDescription target(String name, String xaddr) {
        return new EndpointDescription("urn:uuid:" + name, List.of(PRINTER), List.of("http://example.org/lab"),
                List.of(xaddr), 1);
    }

    private static List<String> xaddrs(RememberedTargets remembered) {
        return remembered.current().stream().flatMap(t -> t.xaddrs().stream()).toList();
    }

    @Test
    void remembersAHelloAndForgetsItOnTheSameSendersBye() {
        RememberedTargets remembered = new RememberedTargets(8);

        assertThat(remembered.hello(target("p1", "http://192.0.2.1/print"), new AppSequence(5, null, 1), device)).isTrue();
        assertThat(remembered.current()).containsExactly(target("p1", "http://192.0.2.1/print"));

        assertThat(remembered.bye(target("p1", "http://192.0.2.1/print"), new AppSequence(5, null, 2), forger))
                .as("a Bye from another address").isFalse();
        assertThat(remembered.bye(target("p1", "http://192.0.2.1/print"), new AppSequence(5, null, 2), device)).isTrue();
        assertThat(remembered.current()).isEmpty();
    }

    @Test
    void ignoresStaleMessagesAndTakesARestartedInstancesHelloInPlaceOfWhatWasKnown() {
        RememberedTargets remembered = new RememberedTargets(8);
        remembered.hello(target("p1", "http://192.0.2.1/old"), new AppSequence(5, null, 7), device);

        assertThat(remembered.hello(target("p1", "http://192.0.2.1/late"), new AppSequence(5, null, 6), device))
                .as("an earlier message of the same instance").isFalse();
        assertThat(remembered.bye(target("p1", "http://192.0.2.1/old"), new AppSequence(4, null, 9), device))
                .as("a Bye from before a restart").isFalse();
        assertThat(xaddrs(remembered)).containsExactly("http://192.0.2.1/old");

        assertThat(remembered.hello(target("p1", "http://192.0.2.1/new"), new AppSequence(6, null, 1), device))
                .as("the Hello of a restarted instance").isTrue();
        assertThat(xaddrs(remembered)).containsExactly("http://192.0.2.1/new");
        assertThat(remembered.hello(target("p1", "http://192.0.2.1/old"), new AppSequence(5, null, 8), device))
                .as("the instance before the restart").isFalse();
        assertThat(remembered.hello(target("p1", "http://192.0.2.66/taken"), new AppSequence(7, null, 1), forger))
                .as("another address announcing the same endpoint").isFalse();
        assertThat(xaddrs(remembered)).containsExactly("http://192.0.2.1/new");
    }

    @Test
    void keepsAtMostItsMaximumForgettingTheTargetHeardFromLongestAgo() {
        RememberedTargets remembered = new RememberedTargets(2);
        remembered.hello(target("p1", "http://192.0.2.1/1"), new AppSequence(1, null, 1), device);
        remembered.hello(target("p2", "http://192.0.2.1/2"), new AppSequence(1, null, 1), device);
        remembered.hello(target("p1", "http://192.0.2.1/1"), new AppSequence(1, null, 2), device); // heard again: newest

        remembered.hello(target("p3", "http://192.0.2.1/3"), new AppSequence(1, null, 1), device);

        assertThat(xaddrs(remembered)).containsExactly("http://192.0.2.1/1", "http://192.0.2.1/3");
    }

    @Test
    void remembersNothingWithAMaximumOfZero() {
        RememberedTargets remembered = new RememberedTargets(0);

        assertThat(remembered.hello(target("p1", "http://192.0.2.1/1"), null, device)).isFalse();
        assertThat(remembered.current()).isEmpty();
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
