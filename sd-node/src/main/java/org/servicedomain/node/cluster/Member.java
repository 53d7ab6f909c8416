package org.servicedomain.node.cluster;

import java.net.URI;

/**
 * One member of the cluster as it publishes itself under {@code /members/ID}.
 *
 * @param id the member's id, unique in the cluster while it is a member
 * @param home the address of its home port
 * @param loadIndex its requests in flight against its capacity (1.0: at capacity)
 */
public record Member(String id, URI home, double loadIndex) {
}
