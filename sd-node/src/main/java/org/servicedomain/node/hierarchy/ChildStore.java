package org.servicedomain.node.hierarchy;

import java.io.IOException;
import java.util.List;

/**
 * Where the child nodes registered with this node are kept: {@code children.json} under the data
 * directory ({@link FileChildStore}), or the cluster's ZooKeeper on a member, so that every member
 * knows every child (and the secret that signs the context header sent to it).
 */
public interface ChildStore {

    /** Thrown by {@link #save} when another member changed the children since this one last loaded them. */
    final class StaleChildrenException extends IOException {

        private static final long serialVersionUID = 1L;

        public StaleChildrenException() {
            super("the child nodes were changed at another member meanwhile");
        }
    }

    /** The children as stored, in registration order; none when nothing is stored yet. */
    List<ChildNode> load() throws IOException;

    /** Stores {@code children} in place of what {@link #load} last read. */
    void save(List<ChildNode> children) throws IOException;

    /** Hears of changes another member makes; a store of one node has none. */
    default void onChange(Runnable listener) {
    }
}
