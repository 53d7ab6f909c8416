package org.servicedomain.node.hierarchy;

import java.util.Objects;

/**
 * A node registered below this one.
 *
 * @param address the child's base address ({@code http://host:port/sd}); its key
 * @param name the child's name in attempt paths and topologies
 * @param secret the child's parent secret, which signs the context header; null to send none
 * @param nodeId the child's own id, as it reported it
 * @param terms the levels, attributes and timeout its instances here are filed with (absent in files
 *     written before children had terms: none)
 */
public record ChildNode(String address, String name, String secret, String nodeId, ChildTerms terms) {

    /** The instance attribute naming the origin type of an instance. */
    public static final String ORIGIN_ATTRIBUTE = "originType";
    /** The origin type of instances that stand for a child node's virtual port. */
    public static final String ORIGIN_TYPE = "sd-node";
    /** The instance attribute holding the address of the child an instance stands for. */
    public static final String CHILD_ATTRIBUTE = "childNode";

    public ChildNode {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(name, "name");
        terms = terms == null ? ChildTerms.NONE : terms;
    }

    /** Never shows the secret. */
    @Override
    public String toString() {
        return "ChildNode[" + name + " at " + address + "]";
    }
}
