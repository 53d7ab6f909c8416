package org.servicedomain.node.cluster;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.engine.offload.PeerAnswer;
import org.servicedomain.node.engine.offload.PeerLoad;
import org.servicedomain.node.outbound.HttpCalls;
import org.servicedomain.node.outbound.OutboundCall;
import org.servicedomain.node.session.Session;
import org.servicedomain.node.session.SessionPlacement;
import org.servicedomain.node.session.User;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Places a new session at the least-loaded member when that member's load index is lower than this
 * member's by more than the policy's placement margin: this member has checked the password, and
 * asks that member (at {@value #PATH} below its base address, with a {@link MemberProof}) to open
 * the session, whose id then names it. When no member is lower by the margin, or the one asked does
 * not answer, the session is opened here.
 */
public final class LeastLoadedPlacement implements SessionPlacement {

    private static final Logger LOG = LoggerFactory.getLogger(LeastLoadedPlacement.class);
    /** Where a member opens a session another member placed on it. */
    public static final String PATH = "/cluster/session";
    static final int MAX_ANSWER_BYTES = 4096;
    private static final ObjectMapper JSON = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** What a member asks another to open. */
    public record Request(String user) {
    }

    /** What the member that opened the session answers. */
    public record Opened(String sessionId, String userLevel) {
    }

    private final Membership membership;
    private final DoubleSupplier localLoad;
    private final DoubleSupplier margin;
    private final MemberProof proof;
    private final Clock clock;
    private final HttpCalls http;
    private final Duration timeout;

    /**
     * @param localLoad this member's load index now
     * @param margin by how much lower another member's load index must be for a session to go there
     * @param http calls to the other members, {@code timeout} each
     */
    public LeastLoadedPlacement(Membership membership, DoubleSupplier localLoad, DoubleSupplier margin, MemberProof proof,
            HttpCalls http, Duration timeout, Clock clock) {
        this.membership = membership;
        this.localLoad = localLoad;
        this.margin = margin;
        this.proof = proof;
        this.clock = clock;
        this.http = http;
        this.timeout = timeout;
    }

    @Override
    public Optional<Session> elsewhere(User user) {
        double local = localLoad.getAsDouble();
        Member target = target(membership.members(), membership.self().id(), local, margin.getAsDouble());
        if (target == null) {
            return Optional.empty();
        }
        try {
            Opened opened = openAt(target, user.name());
            LOG.info("session of user {} placed at member {} (load index {} here, {} there)", user.name(), target.id(),
                    local, target.loadIndex());
            return Optional.of(new Session(new Caller(opened.sessionId(), user.name(), opened.userLevel(), user.designated())));
        } catch (IOException | RuntimeException e) {
            LOG.warn("member {} did not open the session of user {} ({}); opening it here", target.id(), user.name(),
                    e.toString());
            return Optional.empty();
        }
    }

    /** The least-loaded other member, if its load index is lower than {@code local} by more than {@code margin}; else null. */
    static Member target(List<Member> members, String self, double local, double margin) {
        Member best = null;
        for (Member m : members) {
            if (!m.id().equals(self) && (best == null || m.loadIndex() < best.loadIndex())) {
                best = m;
            }
        }
        return best != null && local - best.loadIndex() > margin ? best : null;
    }

    private Opened openAt(Member target, String user) throws IOException {
        URI address = URI.create(PeerLoad.baseOf(target.home()) + PATH);
        OutboundCall post = OutboundCall.post(address, "application/json", JSON.writeValueAsBytes(new Request(user)), timeout,
                        MAX_ANSWER_BYTES)
                .with(MemberProof.HEADER, proof.of(user, target.id(), address.getRawPath(), clock.instant()))
                .with(MemberProof.USER_HEADER, MemberProof.userHeader(user));
        Opened opened = PeerAnswer.json(JSON, Opened.class, http.await(post), address);
        if (opened.sessionId() == null || !opened.sessionId().startsWith(target.id() + ":") || opened.userLevel() == null) {
            throw new IOException("member " + target.id() + " answered no session of its own");
        }
        return opened;
    }
}
