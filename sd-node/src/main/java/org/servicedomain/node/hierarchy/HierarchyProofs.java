package org.servicedomain.node.hierarchy;

import java.time.Instant;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.proof.TimedSignature;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The signed proofs along a hierarchy: of the calls this node's parent (or a peer with its secret)
 * makes here, each taken once, and of the administrators' calls this node forwards to a child. The
 * used nonces live in memory only, so a proof made before this node started is refused.
 */
final class HierarchyProofs {

    private static final Logger LOG = LoggerFactory.getLogger(HierarchyProofs.class);

    private final String nodeId;
    /** Checks the proofs of this node's parent (and peers), each once; null when this node has no parent secret. */
    private final TimedSignature fromParent;

    HierarchyProofs(String parentSecret, String nodeId) {
        this.nodeId = nodeId;
        this.fromParent = parentSecret == null ? null : TimedSignature.once(parentSecret, Instant.now());
    }

    /**
     * Whether a call carrying {@code proof} (its {@link ParentProof#HEADER}) comes from this node's
     * parent or a peer with its secret: made for this {@code method}, {@code path} and the
     * {@code authority} this node was dialled at, within the window, and not used before.
     */
    boolean isParentCall(String proof, String method, String path, String authority) {
        if (fromParent == null || proof == null) {
            return false;
        }
        TimedSignature.Verdict verdict = fromParent.verify(proof, ParentProof.claim(method, path, authority), Instant.now());
        verdict.logRefusal(LOG, "parent proof for " + method + " " + path + " at " + authority);
        return verdict.valid();
    }

    /**
     * The proof for forwarding a home-port call of this node's administrator {@code user} to
     * {@code child}: {@code target} is the path below the child's base address, {@code bodyDigest}
     * the SHA-256 of the body as forwarded ({@link AdminProof}).
     */
    String adminProofFor(ChildNode child, String target, String user, byte[] bodyDigest) {
        if (child.secret() == null || child.nodeId() == null || child.nodeId().isEmpty()) {
            throw new NodeFault(FaultCode.BadRequest, "child node " + child.name() + " was registered without its parent secret"
                    + " or node id, so this node cannot prove itself to it; register it again with its nodeSecret");
        }
        return AdminProof.of(TimedSignature.of(child.secret()), Instant.now(), new AdminProof.Call(child.nodeId(), target, user, bodyDigest));
    }

    /**
     * Accepts a call this node's parent forwarded for its administrator {@code user}, when
     * {@code proof} was made with this node's parent secret for exactly this target and body and
     * was not used before; anything else is refused as {@code NotAuthorized}. The used nonces live in
     * memory only, so a proof made before this node started is refused too.
     */
    void acceptParentAdministrator(String proof, String target, String user, byte[] bodyDigest) {
        if (fromParent == null) {
            throw new NodeFault(FaultCode.NotAuthorized, "this node trusts no parent (it has no parent secret), so it takes"
                    + " no call forwarded by one");
        }
        TimedSignature.Verdict verdict = user == null || bodyDigest == null ? TimedSignature.Verdict.MALFORMED
                : fromParent.verify(AdminProof.token(proof), new AdminProof.Call(nodeId, target, user, bodyDigest).claim(),
                        Instant.now());
        if (verdict.valid()) {
            return;
        }
        verdict.logRefusal(LOG, "parent proof of a forwarded call");
        throw new NodeFault(FaultCode.NotAuthorized, verdict == TimedSignature.Verdict.REPLAYED
                ? "the parent proof was already used, or made before this node started; a forwarded call is taken once"
                : "the parent proof does not verify for this request (" + verdict + ": wrong secret, another request's proof,"
                        + " or made more than " + TimedSignature.WINDOW.toSeconds() + " s from now)");
    }

    /**
     * The request context a trusted parent sent in {@code envelope} for the virtual port {@code port}
     * with {@code soapAction} (the header as received, or null),
     * with the envelope to forward without it; null when this node has no parent secret or the
     * request carries no header. A header whose proof does not verify, or was used before, is refused.
     */
    ContextHeaderReader.Found parentContext(byte[] envelope, String port, String soapAction) {
        if (fromParent == null) {
            return null;
        }
        ContextHeaderReader.Found found = ContextHeaderReader.read(envelope);
        if (found == null) {
            return null;
        }
        TimedSignature.Claim claim = ContextHeader.claim(found.context(), port, soapAction, nodeId, TimedSignature.digest(found.withoutHeader()));
        TimedSignature.Verdict verdict = fromParent.verify(found.proof(), claim, Instant.now());
        if (!verdict.valid()) {
            verdict.logRefusal(LOG, "sd:context header for port " + port);
            throw new NodeFault(FaultCode.NotAuthorized, "the sd:context header is not signed by this node's parent for this"
                    + " node, port, SOAPAction and request body (a header moved to another request is refused), was issued more than "
                    + TimedSignature.WINDOW.toSeconds() + " s from now, or was used before (" + verdict + ")");
        }
        return found;
    }
}
