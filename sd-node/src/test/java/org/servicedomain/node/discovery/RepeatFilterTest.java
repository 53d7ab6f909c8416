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
    void takesAnAnnouncementUnderANewMessageIdWhateverItsSequence() {
        assertThat(filter.accept(hello(new AppSequence(5, null, 2)))).isTrue();
        assertThat(filter.accept(hello(new AppSequence(5, null, 2)))).as("sequences are the sender's ledger's to judge")
                .isTrue();
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
