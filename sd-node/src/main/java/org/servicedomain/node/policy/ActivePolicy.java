package org.servicedomain.node.policy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Consumer;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The policy in force. Setting one validates, compiles and saves it before swapping it in whole:
 * a request reads {@link #current()} once and keeps that snapshot to its end, and an invalid
 * document leaves the active policy untouched.
 */
public final class ActivePolicy {

    private static final Logger LOG = LoggerFactory.getLogger(ActivePolicy.class);
    private static final String BUILT_IN = "/org/servicedomain/node/policy/default-policy.xml";

    private final PolicyStore store;
    private final PolicyDocumentReader reader;
    private final PolicyCompiler compiler;
    private final Object changeLock = new Object();
    private final Consumer<CompiledPolicy> onActivation;
    private volatile CompiledPolicy current;

    private ActivePolicy(PolicyStore store, PolicyDocumentReader reader, PolicyCompiler compiler,
            Consumer<CompiledPolicy> onActivation) {
        this.store = store;
        this.reader = reader;
        this.compiler = compiler;
        this.onActivation = onActivation;
    }

    /** The policy last set in {@code store}, or the built-in one if none was. */
    public static ActivePolicy open(PolicyStore store, PolicyCompiler compiler) throws IOException {
        return open(store, compiler, policy -> { });
    }

    /**
     * The policy last set in {@code store}, or the built-in one if none was; {@code onActivation}
     * hears this policy and every later one as it becomes active (e.g. to apply session settings).
     */
    public static ActivePolicy open(PolicyStore store, PolicyCompiler compiler, Consumer<CompiledPolicy> onActivation)
            throws IOException {
        PolicyDocumentReader reader = new PolicyDocumentReader();
        Optional<PolicyStore.StoredPolicy> stored = store.latest();
        PolicyStore.StoredPolicy policy = stored.orElseGet(() -> new PolicyStore.StoredPolicy(0, builtIn()));
        ActivePolicy active = new ActivePolicy(store, reader, compiler, onActivation);
        CompiledPolicy compiled = compiler.compile(policy.version(), policy.document(), reader.read(policy.document()));
        active.activate(compiled);
        for (String warning : compiled.warnings()) {
            LOG.warn("policy version {}: {}", compiled.version(), warning);
        }
        store.onChange(active::catchUp);
        return active;
    }

    private void activate(CompiledPolicy compiled) {
        current = compiled;
        onActivation.accept(compiled);
        LOG.info("policy version {} active", compiled.version());
    }

    public CompiledPolicy current() {
        return current;
    }

    /** Validates, compiles, saves and activates {@code document}; returns its version. */
    public long set(String document) {
        return apply(document).version();
    }

    /**
     * As {@link #set}, returning the warnings too; each is logged. When another member of a cluster
     * saved the same version first, this one catches up and is saved as the next version: both are kept.
     */
    public PolicyReport apply(String document) {
        synchronized (changeLock) {
            for (int attempt = 1; ; attempt++) {
                try {
                    return applyOnce(document);
                } catch (VersionTaken taken) {
                    LOG.info("policy version {} was set by another member; catching up and trying again", taken.version);
                    catchUp();
                    if (attempt == MAX_ATTEMPTS) {
                        throw new NodeFault(FaultCode.InternalError, "the policy could not be saved: other members kept setting"
                                + " policies; try again");
                    }
                }
            }
        }
    }

    /** The attempts {@link #apply} makes when other members keep taking the next version. */
    private static final int MAX_ATTEMPTS = 10;

    /** Another member saved the version this one was about to take. */
    private static final class VersionTaken extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final long version;

        VersionTaken(long version) {
            super(null, null, false, false);
            this.version = version;
        }
    }

    private PolicyReport applyOnce(String document) {
        long version = current.version() + 1;
        CompiledPolicy compiled = compiler.compile(version, document, reader.read(document));
        try {
            store.save(new PolicyStore.StoredPolicy(version, document));
        } catch (PolicyStore.VersionTakenException e) {
            throw new VersionTaken(version);
        } catch (IOException e) {
            LOG.error("could not save policy version {}; the old policy stays active", version, e);
            throw new NodeFault(FaultCode.InternalError, "the node could not save the policy: " + e.getMessage(), e);
        }
        activate(compiled);
        for (String warning : compiled.warnings()) {
            LOG.warn("policy version {}: {}", version, warning);
        }
        return new PolicyReport(version, compiled.warnings());
    }

    /**
     * Activates the newest version in the store when it is newer than the active one: a policy another
     * member of the cluster set. A stored document that no longer compiles here is logged and skipped.
     */
    public void catchUp() {
        synchronized (changeLock) {
            try {
                Optional<PolicyStore.StoredPolicy> latest = store.latest();
                if (latest.isEmpty() || latest.get().version() <= current.version()) {
                    return;
                }
                PolicyStore.StoredPolicy stored = latest.get();
                activate(compiler.compile(stored.version(), stored.document(), reader.read(stored.document())));
            } catch (IOException | RuntimeException e) {
                LOG.error("could not activate the policy another member set; the active policy stays version {}",
                        current.version(), e);
            }
        }
    }

    /**
     * Validates and compiles {@code document} exactly as {@link #set} would, without saving or
     * activating it; returns the version it would get.
     */
    public long validate(String document) {
        return check(document).version();
    }

    /** As {@link #validate}, returning the warnings the document would be set with. */
    public PolicyReport check(String document) {
        long version = current.version() + 1;
        CompiledPolicy compiled = compiler.compile(version, document, reader.read(document));
        return new PolicyReport(version, compiled.warnings());
    }

    /**
     * {@code document} validated and compiled exactly as {@link #set} would, under the version it would
     * get, without saving or activating it: a candidate to compare with {@link #current()}.
     */
    public CompiledPolicy candidate(String document) {
        return compiler.compile(current.version() + 1, document, reader.read(document));
    }

    /**
     * Where the active policy names virtual port {@code port} ("line L, column C"), or empty when it
     * does not: a port it names must stay, or the node could not compile it again at its next start.
     */
    public Optional<String> whereNamed(String port) {
        CompiledPolicy active = current;
        return PolicyCompiler.naming(reader.read(active.document()), port).map(PolicyErrors::location);
    }

    /**
     * A kept earlier (or the current) version's document, as it was set; version 0, the built-in
     * default, is always kept, so that a node can go back to it after any number of changes.
     */
    public Optional<String> document(long version) {
        if (version == current.version()) {
            return Optional.of(current.document());
        }
        if (version == 0) {
            return Optional.of(builtIn());
        }
        try {
            return store.find(version).map(PolicyStore.StoredPolicy::document);
        } catch (IOException e) {
            throw new NodeFault(FaultCode.InternalError, "the node could not read policy version " + version + ": " + e.getMessage(), e);
        }
    }

    private static String builtIn() {
        try (InputStream in = ActivePolicy.class.getResourceAsStream(BUILT_IN)) {
            if (in == null) {
                throw new IllegalStateException("built-in policy missing from the classpath: " + BUILT_IN);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
