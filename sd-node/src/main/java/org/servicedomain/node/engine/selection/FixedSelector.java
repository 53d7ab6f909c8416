package org.servicedomain.node.engine.selection;

import java.util.List;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;
import org.servicedomain.node.session.FixedChoices;

/**
 * The user's fixed instance: keeps each user, per virtual port, on the instance chosen for that
 * user, across sessions and node restarts. The user's choices on the port are kept most recent
 * first; the first of them that is a candidate serves, so rules of one port with other supplier
 * levels (other candidates) each keep the user on one instance without undoing each other. When
 * none is a candidate (down, not at this rule's levels, or already tried for this request) the
 * candidate whose turn it is serves and goes first in the user's list, so the new choice sticks.
 * First choices take turns too, so users spread over the candidates. When the choices are shared by
 * the members of a cluster, a choice is instead the candidate that ranks highest for the user and port
 * (rendezvous hashing), so members that see the same candidates choose alike without asking each other,
 * and users still spread. Anonymous callers are not pinned: they take turns.
 */
public final class FixedSelector implements Selector {

    public static final String NAME = "fixed";

    private final FixedChoices choices;
    private final Rotation turns = new Rotation();

    public FixedSelector(FixedChoices choices) {
        this.choices = choices;
    }

    /**
     * Only the user's fixed instance while it is a candidate, so that nothing downstream (an
     * instance's room under the priority classes, say) moves the user off it; else every candidate.
     */
    @Override
    public List<Instance> eligible(List<Instance> candidates, RequestContext request) {
        Instance fixed = fixedAmong(candidates, request.caller(), request.virtualPort().name());
        return fixed == null ? candidates : List.of(fixed);
    }

    @Override
    public Instance select(List<Instance> candidates, RequestContext request) {
        Caller caller = request.caller();
        if (caller.isAnonymous() || caller.user() == null) {
            return turns.pick(candidates);
        }
        String port = request.virtualPort().name();
        Instance fixed = fixedAmong(candidates, caller, port);
        if (fixed != null) {
            return fixed;
        }
        Instance chosen = choices.shared() ? Rendezvous.pick(candidates, caller.user(), port) : turns.pick(candidates);
        choices.choose(caller.user(), port, chosen.id());
        return chosen;
    }

    /** The first of the user's choices on the port that is a candidate; null for none, or for an anonymous caller. */
    private Instance fixedAmong(List<Instance> candidates, Caller caller, String port) {
        if (caller.isAnonymous() || caller.user() == null) {
            return null;
        }
        for (String fixed : choices.chosen(caller.user(), port)) {
            for (Instance candidate : candidates) {
                if (candidate.id().equals(fixed)) {
                    return candidate;
                }
            }
        }
        return null;
    }
}
