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

    /** As {@link #set}, returning the warnings too; each is logged. */
    public PolicyReport apply(String document) {
        synchronized (changeLock) {
            long version = current.version() + 1;
            CompiledPolicy compiled = compiler.compile(version, document, reader.read(document));
            try {
                store.save(new PolicyStore.StoredPolicy(version, document));
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

    /** A kept earlier (or the current) version's document, as it was set. */
    public Optional<String> document(long version) {
        if (version == current.version()) {
            return Optional.of(current.document());
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
