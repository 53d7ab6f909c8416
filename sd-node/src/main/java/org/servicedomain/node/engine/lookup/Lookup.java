package org.servicedomain.node.engine.lookup;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;

/** Finds the instances that may serve a request, before selection picks one. */
public interface Lookup {

    /** The candidates, in registration order; empty when no instance may serve. */
    List<Instance> candidates(RequestContext request);

    /**
     * The candidates of one of {@code supplierLevels} (null: of any level), in registration order.
     * By default filters {@link #candidates(RequestContext)}; a lookup with an index does better.
     */
    default List<Instance> candidates(RequestContext request, Set<String> supplierLevels) {
        List<Instance> all = candidates(request);
        if (supplierLevels == null) {
            return all;
        }
        List<Instance> inLevels = new ArrayList<>(all.size());
        for (Instance instance : all) {
            if (instance.inAnyLevelOf(supplierLevels)) {
                inLevels.add(instance);
            }
        }
        return inLevels;
    }

    /**
     * Of the candidates the directive found eligible, those to offer its selection first (all of
     * them by default): a lookup that knows which instances have room narrows them here, after the
     * directive's own choice of who may serve, so it never turns a caller away from the only
     * instances it may use.
     */
    default List<Instance> preferred(List<Instance> eligible, RequestContext request) {
        return eligible;
    }

    /**
     * {@code candidates} without those {@code excluded} names, unless it names every one: then all
     * are offered (a doubtful instance beats refusing the request). Nothing is copied while none is
     * excluded, since this runs on every call.
     */
    static List<Instance> excludingUnlessAll(List<Instance> candidates, Predicate<Instance> excluded) {
        List<Instance> kept = null;
        for (int i = 0; i < candidates.size(); i++) {
            Instance instance = candidates.get(i);
            if (excluded.test(instance)) {
                if (kept == null) {
                    kept = new ArrayList<>(candidates.subList(0, i));
                }
            } else if (kept != null) {
                kept.add(instance);
            }
        }
        return kept == null || kept.isEmpty() ? candidates : kept;
    }
}
