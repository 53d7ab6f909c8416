package org.servicedomain.node.directive;

import java.util.List;
import org.w3c.dom.Element;

/**
 * Merges the answers of several instances to one scatter-gather call into one answer. One composer
 * serves one operation of one port under one policy, for concurrent calls, so it must be thread-safe.
 */
public interface Composer {

    /**
     * The body element of the composed answer, made from {@code answers}: the top body element of
     * each instance that answered, never empty, in the order the instances were asked. The result may
     * be one of them, changed, or a new element of any document.
     */
    Element compose(List<Element> answers);
}
