package org.servicedomain.node.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.SoapVersion;

class RepeatFilterTest {

    private final RepeatFilter filter = new RepeatFilter();
    private final EndpointDescription provider = new EndpointDescription("urn:uuid:p", List.of(), List.of(), List.of(), 1);

    private DiscoveryMessage hello(AppSequence sequence) {
        return DiscoveryMessage.announcement(DiscoveryVersion.V11, SoapVersion.SOAP_12, MessageKind.HELLO, sequence, provider);
    }

    @Test
    void takesEachMessageIdOnce() {
        DiscoveryMessage probe = DiscoveryMessage.probe(DiscoveryVersion.V11, SoapVersion.SOAP_12, List.of(), List.of(), null);

        assertThat(filter.accept(probe)).isTrue();
        assertThat(filter.accept(probe)).isFalse();
        assertThat(filter.accept(DiscoveryMessage.probe(DiscoveryVersion.V11, SoapVersion.SOAP_12, List.of(), List.of(), null)))
                .isTrue();
    }

    @Test
    void dropsAnAnnouncementNotAfterTheLastOfItsEndpoint() {
        assertThat(filter.accept(hello(new AppSequence(5, null, 2)))).isTrue();
        assertThat(filter.accept(hello(new AppSequence(5, null, 2)))).as("repeat under a new message id").isFalse();
        assertThat(filter.accept(hello(new AppSequence(5, null, 1)))).as("late").isFalse();
        assertThat(filter.accept(hello(new AppSequence(4, null, 9)))).as("from before a restart").isFalse();
        assertThat(filter.accept(hello(new AppSequence(5, null, 3)))).isTrue();
        assertThat(filter.accept(hello(new AppSequence(6, null, 1)))).as("after a restart").isTrue();
    }

    @Test
    void forgetsTheOldestBeyondItsCapacity() {
        RepeatFilter small = new RepeatFilter(2);
        DiscoveryMessage first = DiscoveryMessage.probe(DiscoveryVersion.V11, SoapVersion.SOAP_11, List.of(), List.of(), null);
        small.accept(first);
        small.accept(DiscoveryMessage.probe(DiscoveryVersion.V11, SoapVersion.SOAP_11, List.of(), List.of(), null));
        small.accept(DiscoveryMessage.probe(DiscoveryVersion.V11, SoapVersion.SOAP_11, List.of(), List.of(), null));

        assertThat(small.accept(first)).isTrue();
    }
}
