package org.servicedomain.client.discovery;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One client's candidate targets, by endpoint reference, with their addresses in the order of the
 * client's {@link CandidateOrder}, computed when they change rather than per call. Probe answers,
 * Hellos, Byes and failed calls all change it, from different threads.
 */
final class Candidates {

    private final CandidateOrder order;
    private final Map<String, Target> targets = new LinkedHashMap<>();
    /** When (System.nanoTime) each endpoint reference last said Bye or Hello, so a probe that ends later does not undo them. */
    private final Map<String, Long> byeAt = new HashMap<>();
    private final Map<String, Long> helloAt = new HashMap<>();
    private volatile List<String> addresses = List.of();

    Candidates(CandidateOrder order) {
        this.order = order;
    }

    /** The addresses to call, best first. */
    List<String> addresses() {
        return addresses;
    }

    synchronized List<Target> targets() {
        return List.copyOf(targets.values());
    }

    /** Adds or updates a target found by probe or resolve; one without XAddrs is not callable and is left out. */
    synchronized void found(Target target) {
        if (!target.xaddrs().isEmpty()) {
            targets.put(target.address(), target);
            reorder();
        }
    }

    /** A Hello: adds or updates the target, and keeps it through a probe that was already running. */
    synchronized void hello(Target target, long now) {
        helloAt.put(target.address(), now);
        byeAt.remove(target.address());
        found(target);
    }

    /** A Bye: drops the target and every candidate reached at one of its XAddrs; true if one was dropped. */
    synchronized boolean bye(Target target, long now) {
        helloAt.remove(target.address());
        boolean dropped = targets.remove(target.address()) != null;
        dropped |= targets.values().removeIf(t -> t.xaddrs().stream().anyMatch(target.xaddrs()::contains));
        if (dropped) {
            byeAt.put(target.address(), now); // only for candidates, so Byes of everything else on the link cost nothing
            reorder();
        }
        return dropped;
    }

    /** A failed call at {@code address}: that XAddr is dropped, and a target with none left. */
    synchronized void failed(String address) {
        Map<String, Target> next = new LinkedHashMap<>();
        for (Target t : targets.values()) {
            List<String> left = t.xaddrs().stream().filter(a -> !a.equals(address)).toList();
            if (!left.isEmpty()) {
                next.put(t.address(), left.size() == t.xaddrs().size() ? t
                        : new Target(t.address(), t.types(), t.scopes(), left, t.metadataVersion()));
            }
        }
        targets.clear();
        targets.putAll(next);
        reorder();
    }

    /**
     * The outcome of a whole probe started at {@code startedAt}: exactly what it found (XAddrs learnt
     * by Resolve kept), except targets that said Bye since it started, plus those that said Hello since.
     */
    synchronized void probed(Collection<Target> found, long startedAt) {
        Map<String, Target> next = new LinkedHashMap<>();
        for (Target t : found) {
            Long bye = byeAt.get(t.address());
            if (bye != null && bye - startedAt >= 0) {
                continue;
            }
            Target known = targets.get(t.address());
            Target callable = t.xaddrs().isEmpty() ? known : t;
            if (callable != null) {
                next.put(t.address(), callable);
            }
        }
        for (Map.Entry<String, Long> hello : helloAt.entrySet()) {
            Target t = targets.get(hello.getKey());
            if (t != null && hello.getValue() - startedAt >= 0) {
                next.putIfAbsent(t.address(), t);
            }
        }
        targets.clear();
        targets.putAll(next);
        // only one probe runs at a time: announcements before this one started cannot matter to the next
        byeAt.values().removeIf(at -> at - startedAt < 0);
        helloAt.values().removeIf(at -> at - startedAt < 0);
        reorder();
    }

    private void reorder() {
        List<String> list = new ArrayList<>();
        order.order(new ArrayList<>(targets.values()))
                .forEach(t -> t.xaddrs().stream().filter(a -> !list.contains(a)).forEach(list::add));
        addresses = List.copyOf(list);
    }
}
