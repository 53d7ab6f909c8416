package org.servicedomain.node.engine.health;

import java.util.function.Consumer;

/**
 * Where a node posts the instances it ejects and takes them down when they are back, so that every
 * node sharing the catalog (the members of a cluster) skips them; a node of its own keeps its
 * ejections to itself ({@link #NONE}). Posting and taking down do not wait for the board.
 */
public interface EjectionBoard {

    /** The board of a node of its own: nothing is posted, nothing is heard. */
    EjectionBoard NONE = new EjectionBoard() {
        @Override
        public void post(String instanceId, String why, Consumer<String> notPosted) {
        }

        @Override
        public void takeDown(String instanceId) {
        }
    };

    /**
     * Posts that {@code instanceId} is ejected and {@code why}; when the board cannot take it,
     * {@code notPosted} hears the reason (the poster then probes the instance itself).
     */
    void post(String instanceId, String why, Consumer<String> notPosted);

    /** Takes the ejection of {@code instanceId} down: it is back, or gone from the catalog. */
    void takeDown(String instanceId);

    /** What a node hears from the board: ejections posted by any node, this one included, and taken down. */
    interface Reader {

        /** {@code instanceId} was posted as ejected by {@code by}, {@code why}. */
        void posted(String instanceId, String why, String by);

        /** The ejection of {@code instanceId} was taken down. */
        void takenDown(String instanceId);
    }
}
