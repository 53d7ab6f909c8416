package org.servicedomain.node.discovery;

/**
 * The bounds that keep WS-Discovery from being turned against the node or others: how much and how
 * often it answers a Probe or Resolve heard by UDP (whose source may be forged), and how much it
 * remembers of each announcing sender.
 *
 * @param maxAnswerBytes the largest answer datagram; matches that do not fit are left out, so one
 *     answer costs at most this many bytes whatever the number of virtual ports
 * @param answersPerSecond answers a second to one source address, with as many saved up
 * @param answerRepeats how many times an answer is sent again after the first; 0 by default, since a
 *     repeated answer doubles what a forged source receives and a client that lost it probes again
 * @param answerSources how many source addresses' answer budgets are remembered; beyond, the oldest is forgotten
 * @param sequencesPerSender how many endpoints' {@code AppSequence} are remembered for one sender address
 * @param sequenceSenders how many sender addresses are remembered; a new sender beyond is refused
 * @param rememberedTargets how many targets heard saying Hello a managed proxy remembers and answers
 *     for; beyond, the one heard from longest ago is forgotten
 */
public record DiscoveryLimits(int maxAnswerBytes, int answersPerSecond, int answerRepeats, int answerSources,
        int sequencesPerSender, int sequenceSenders, int rememberedTargets) {

    /** The largest payload of one UDP datagram over IPv4. */
    public static final int MAX_DATAGRAM = 65_507;
    public static final DiscoveryLimits DEFAULT = new DiscoveryLimits(4096, 10, 0, 4096, 256, 4096, 1024);

    public DiscoveryLimits {
        between("maxAnswerBytes", maxAnswerBytes, 512, MAX_DATAGRAM);
        between("answersPerSecond", answersPerSecond, 1, 10_000);
        between("answerRepeats", answerRepeats, 0, 3);
        between("answerSources", answerSources, 1, 1_000_000);
        between("sequencesPerSender", sequencesPerSender, 1, 1_000_000);
        between("sequenceSenders", sequenceSenders, 1, 1_000_000);
        between("rememberedTargets", rememberedTargets, 0, 1_000_000);
    }

    private static void between(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException("discovery " + name + " must be between " + min + " and " + max
                    + " but was " + value);
        }
    }

    public DiscoveryLimits withMaxAnswerBytes(int bytes) {
        return new DiscoveryLimits(bytes, answersPerSecond, answerRepeats, answerSources, sequencesPerSender,
                sequenceSenders, rememberedTargets);
    }

    public DiscoveryLimits withAnswersPerSecond(int perSecond) {
        return new DiscoveryLimits(maxAnswerBytes, perSecond, answerRepeats, answerSources, sequencesPerSender,
                sequenceSenders, rememberedTargets);
    }

    public DiscoveryLimits withAnswerRepeats(int repeats) {
        return new DiscoveryLimits(maxAnswerBytes, answersPerSecond, repeats, answerSources, sequencesPerSender,
                sequenceSenders, rememberedTargets);
    }

    public DiscoveryLimits withSequences(int perSender, int senders) {
        return new DiscoveryLimits(maxAnswerBytes, answersPerSecond, answerRepeats, answerSources, perSender, senders,
                rememberedTargets);
    }

    public DiscoveryLimits withRememberedTargets(int targets) {
        return new DiscoveryLimits(maxAnswerBytes, answersPerSecond, answerRepeats, answerSources, sequencesPerSender,
                sequenceSenders, targets);
    }
}
