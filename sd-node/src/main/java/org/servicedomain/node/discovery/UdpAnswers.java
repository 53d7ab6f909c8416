package org.servicedomain.node.discovery;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the answer to a Probe or Resolve heard by UDP, whose source address anyone can forge, so
 * that the node cannot be used to flood it: no answer to a source that cannot be a sender (multicast,
 * wildcard, port 0), at most {@link DiscoveryLimits#answersPerSecond} answers a second to one source,
 * and one datagram of at most {@link DiscoveryLimits#maxAnswerBytes}, leaving out the matches that do not fit.
 */
final class UdpAnswers {

    private static final Logger LOG = LoggerFactory.getLogger(UdpAnswers.class);
    private static final long DROPS_PER_WARNING = 1000;

    private final DiscoveryLimits limits;
    private final DiscoveryWriter writer;
    private final LongSupplier nanoTime;
    private final Map<InetAddress, TokenBucket> budgets;
    private final AtomicLong throttled = new AtomicLong();

    UdpAnswers(DiscoveryLimits limits, DiscoveryWriter writer, LongSupplier nanoTime) {
        this.limits = limits;
        this.writer = writer;
        this.nanoTime = nanoTime;
        this.budgets = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<InetAddress, TokenBucket> eldest) {
                return size() > limits.answerSources();
            }
        };
    }

    /**
     * The bytes to send {@code source} in answer to {@code request} listing {@code matches}, or null
     * when nothing is to be sent; {@code sequence} is asked only when an answer is written.
     */
    byte[] answer(DiscoveryMessage request, List<EndpointDescription> matches, Supplier<AppSequence> sequence,
            InetSocketAddress source) {
        if (matches.isEmpty() || !mayAnswer(request, source)) {
            return null;
        }
        return capped(request, matches, sequence.get());
    }

    /**
     * The MatchingRuleNotSupported fault to send {@code source} for {@code probe}, or null when the
     * source cannot be a sender or has had its answers this second; the fault is one answer.
     */
    byte[] fault(DiscoveryMessage probe, InetSocketAddress source) {
        if (!mayAnswer(probe, source)) {
            return null;
        }
        byte[] fault = new MatchingRuleNotSupported(probe).envelope();
        return fault.length <= limits.maxAnswerBytes() ? fault : null;
    }

    /**
     * The managed proxy's Hello to send {@code source} in answer to {@code request}, a multicast Probe
     * or Resolve, or null when the source cannot be a sender or has had its answers this second.
     */
    byte[] proxyHello(DiscoveryMessage request, EndpointDescription proxy, Supplier<AppSequence> sequence,
            InetSocketAddress source) {
        if (!mayAnswer(request, source)) {
            return null;
        }
        byte[] hello = writer.write(request.proxyHello(sequence.get(), proxy));
        return hello.length <= limits.maxAnswerBytes() ? hello : null;
    }

    private boolean mayAnswer(DiscoveryMessage request, InetSocketAddress source) {
        InetAddress address = source.getAddress();
        if (source.getPort() == 0 || address == null || address.isMulticastAddress() || address.isAnyLocalAddress()) {
            LOG.debug("{} from {} not answered: no sender has that address", request.kind().element(), source);
            return false;
        }
        if (!budgetOf(address).tryTake(limits.answersPerSecond())) {
            long count = throttled.incrementAndGet();
            if (count == 1 || count % DROPS_PER_WARNING == 0) {
                LOG.warn("{} from {} not answered: more than {} answers a second to one source ({} so far)",
                        request.kind().element(), address.getHostAddress(), limits.answersPerSecond(), count);
            }
            return false;
        }
        return true;
    }

    /** The answer with as many of {@code matches}, in order, as fit in the largest answer. */
    private byte[] capped(DiscoveryMessage request, List<EndpointDescription> matches, AppSequence sequence) {
        byte[] all = writer.write(request.answer(sequence, matches));
        if (all.length <= limits.maxAnswerBytes()) {
            return all;
        }
        int fits = 0;
        byte[] best = null;
        int low = 1;
        int high = matches.size() - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            byte[] candidate = writer.write(request.answer(sequence, matches.subList(0, middle)));
            if (candidate.length <= limits.maxAnswerBytes()) {
                fits = middle;
                best = candidate;
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        if (best == null) {
            LOG.warn("{} not answered: even one match takes more than {} bytes", request.kind().element(),
                    limits.maxAnswerBytes());
            return null;
        }
        LOG.debug("{} answered with {} of {} matches, to stay within {} bytes", request.kind().element(), fits,
                matches.size(), limits.maxAnswerBytes());
        return best;
    }

    private synchronized TokenBucket budgetOf(InetAddress address) {
        return budgets.computeIfAbsent(address, a -> new TokenBucket(nanoTime));
    }
}
