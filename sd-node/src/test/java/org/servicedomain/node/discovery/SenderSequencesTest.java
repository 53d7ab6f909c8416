package org.servicedomain.node.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class SenderSequencesTest {

    private static final String VICTIM = "urn:uuid:victim";

    private final InetAddress provider = address("192.0.2.1");
    private final InetAddress flooder = address("192.0.2.66");

    @Test
    void dropsAnAnnouncementNotAfterTheLastOfItsEndpoint() {
        SenderSequences sequences = new SenderSequences(16, 16);

        assertThat(sequences.advance(provider, VICTIM, new AppSequence(5, null, 2))).isTrue();
        assertThat(sequences.advance(provider, VICTIM, new AppSequence(5, null, 2))).as("repeat").isFalse();
        assertThat(sequences.advance(provider, VICTIM, new AppSequence(5, null, 1))).as("late").isFalse();
        assertThat(sequences.advance(provider, VICTIM, new AppSequence(4, null, 9))).as("from before a restart").isFalse();
        assertThat(sequences.advance(provider, VICTIM, new AppSequence(5, null, 3))).isTrue();
        assertThat(sequences.advance(provider, VICTIM, new AppSequence(6, null, 1))).as("after a restart").isTrue();
    }

    @Test
    void aNewSequenceIdCountsAsNewerOnlyWithANewerInstanceId() {
        SenderSequences sequences = new SenderSequences(16, 16);
        sequences.advance(provider, VICTIM, new AppSequence(5, "urn:uuid:a", 9));

        assertThat(sequences.advance(provider, VICTIM, new AppSequence(5, "urn:uuid:b", 1))).isFalse();
        assertThat(sequences.advance(provider, VICTIM, new AppSequence(5, null, 10))).isFalse();
        assertThat(sequences.advance(provider, VICTIM, new AppSequence(6, "urn:uuid:b", 1))).isTrue();
    }

    @Test
    void aFloodFromOneSenderPushesOutOnlyItsOwnEntries() {
        SenderSequences sequences = new SenderSequences(100, 16);
        sequences.advance(provider, VICTIM, new AppSequence(5, null, 3));

        for (int i = 0; i < 10_000; i++) {
            sequences.advance(flooder, "urn:uuid:junk-" + i, new AppSequence(1, null, i));
        }

        assertThat(sequences.advance(provider, VICTIM, new AppSequence(5, null, 2))).as("a replay of an older Bye")
                .isFalse();
    }

    @Test
    void theSameEndpointIsJudgedApartForEachSender() {
        SenderSequences sequences = new SenderSequences(16, 16);
        sequences.advance(flooder, VICTIM, new AppSequence(Long.MAX_VALUE, null, Long.MAX_VALUE));

        assertThat(sequences.advance(provider, VICTIM, new AppSequence(1, null, 1))).isTrue();
    }

    @Test
    void refusesANewSenderBeyondTheBoundRatherThanForgetAnother() {
        SenderSequences sequences = new SenderSequences(16, 1);
        sequences.advance(provider, VICTIM, new AppSequence(5, null, 3));

        assertThat(sequences.advance(flooder, "urn:uuid:junk", new AppSequence(1, null, 1))).isFalse();
        assertThat(sequences.advance(provider, VICTIM, new AppSequence(5, null, 2))).isFalse();
        assertThat(sequences.senders()).isEqualTo(1);
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
