package org.servicedomain.node.engine.lookup;

import java.util.List;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;

/** Finds the instances that may serve a request, before selection picks one. */
public interface Lookup {

    /** The candidates, in registration order; empty when no instance may serve. */
    List<Instance> candidates(RequestContext request);
}
