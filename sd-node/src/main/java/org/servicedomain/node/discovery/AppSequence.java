package org.servicedomain.node.discovery;

/**
 * A sender's {@code AppSequence} header: the instance id rises with each restart of the sender,
 * the message number with each message it sends, so a receiver can drop repeats and stale messages.
 *
 * @param sequenceId the sequence within the instance, or null for the sender's one sequence
 */
public record AppSequence(long instanceId, String sequenceId, long messageNumber) {

    /** Whether this message was sent after {@code earlier} by the same sender. */
    public boolean isAfter(AppSequence earlier) {
        if (instanceId != earlier.instanceId) {
            return instanceId > earlier.instanceId;
        }
        if (!java.util.Objects.equals(sequenceId, earlier.sequenceId)) {
            return true;
        }
        return messageNumber > earlier.messageNumber;
    }
}
