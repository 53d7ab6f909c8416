package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.engine.compose.ComposerRegistry;
import org.servicedomain.node.engine.selection.SelectorRegistry;

/**
 * Fixtures for tests of the policy language: compiling a document as {@code setPolicy} does,
 * callers of a user level, requests for an operation, and instances with a supplier level.
 */
public final class TestPolicies {

    private static final PolicyDocumentReader READER = new PolicyDocumentReader();

    private TestPolicies() {
    }

    /** Validates and compiles {@code document} with the built-in directives, as version 1. */
    public static CompiledPolicy compile(String document) {
        return new PolicyCompiler(SelectorRegistry.standard(), ComposerRegistry.standard()).compile(1, document, READER.read(document));
    }

    /** The refusal of {@code document}, failing the test if it is accepted. */
    public static InvalidPolicyException refusal(String document) {
        InvalidPolicyException e = catchThrowableOfType(InvalidPolicyException.class, () -> compile(document));
        assertThat(e).as("the policy is refused").isNotNull();
        return e;
    }

    /** A logged-in user of {@code userLevel}, without designated providers. */
    public static Caller user(String userLevel) {
        return new Caller("session-" + userLevel, "user-" + userLevel, userLevel, List.of());
    }

    /** A call of {@code operation} on the stock-quote test port by {@code caller}, no content read yet. */
    public static RequestContext call(String operation, Caller caller) {
        RequestContext r = TestInstances.request();
        return new RequestContext(r.virtualPort(), operation, caller, Map.of(), r.soapAction(), r.contentType(), r.body());
    }

    /** An operational stock-quote instance of {@code supplierLevel} (null: none) with {@code attributes}. */
    public static Instance instance(String id, String supplierLevel, Map<String, String> attributes) {
        return instanceInLevels(id, supplierLevel == null ? Set.of() : Set.of(supplierLevel), attributes);
    }

    /** An operational stock-quote instance in each of {@code supplierLevels} with {@code attributes}. */
    public static Instance instanceInLevels(String id, Set<String> supplierLevels, Map<String, String> attributes) {
        Instance i = TestInstances.instance(id);
        return new Instance(i.id(), i.virtualPort(), i.portType(), i.endpointAddress(), i.wsdlLocation(),
                i.wsdlDigest(), supplierLevels, i.timeoutMs(), attributes, i.state());
    }
}
