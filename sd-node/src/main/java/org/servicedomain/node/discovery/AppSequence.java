package org.servicedomain.node.discovery;

import java.util.Objects;

/**
 * A sender's {@code AppSequence} header: the instance id rises with each restart of the sender,
 * the message number with each message it sends, so a receiver can drop repeats and stale messages.
 *
 * @param sequenceId the sequence within the instance, or null for the sender's one sequence
 */
public record AppSequence(long instanceId, String sequenceId, long messageNumber) {

    /**
     * Whether this message was sent after {@code earlier} by the same sender. Per WS-Discovery 1.1
     * (Application Sequencing) messages of one instance in different sequences are not ordered, so a new
     * {@code SequenceId} counts as newer only with a newer {@code InstanceId}: otherwise a forger
     * could outrank any sender by naming a sequence of its own.
     */
    public boolean isAfter(AppSequence earlier) {
        if (instanceId != earlier.instanceId) {
            return instanceId > earlier.instanceId;
        }
        if (!Objects.equals(sequenceId, earlier.sequenceId)) {
            return false;
        }
        return messageNumber > earlier.messageNumber;
    }
}
