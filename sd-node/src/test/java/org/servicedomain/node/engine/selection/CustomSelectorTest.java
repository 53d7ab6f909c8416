package org.servicedomain.node.engine.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.request;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;

class CustomSelectorTest {

    @Test
    void loadsTheNamedClassAndLetsItSelect() {
        Selector custom = CustomSelector.load(LastCandidateSelector.class.getName());

        assertThat(custom).isInstanceOf(LastCandidateSelector.class);
        assertThat(custom.select(instances("a", "b", "c"), request()).id()).isEqualTo("c");
    }

    @Test
    void makesANewInstanceEachTime() {
        String name = LastCandidateSelector.class.getName();

        assertThat(CustomSelector.load(name)).isNotSameAs(CustomSelector.load(name));
    }

    @Test
    void findsTheClassThroughTheNodesOwnLoaderWhenTheContextLoaderCannotSeeIt() {
        Thread thread = Thread.currentThread();
        ClassLoader saved = thread.getContextClassLoader();
        thread.setContextClassLoader(ClassLoader.getPlatformClassLoader());
        try {
            assertThat(CustomSelector.load(LastCandidateSelector.class.getName()))
                    .isInstanceOf(LastCandidateSelector.class);
        } finally {
            thread.setContextClassLoader(saved);
        }
    }

    @Test
    void failsNamingAClassThatIsNotOnTheClasspath() {
        assertThatThrownBy(() -> CustomSelector.load("com.legacy.ServerPicker"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("com.legacy.ServerPicker")
                .hasMessageContaining("classpath");
    }

    @Test
    void failsNamingAClassThatIsNotASelector() {
        assertThatThrownBy(() -> CustomSelector.load("java.lang.StringBuilder"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.StringBuilder")
                .hasMessageContaining("does not implement " + Selector.class.getName());
    }

    @Test
    void failsNamingASelectorWithoutANoArgumentConstructor() {
        assertThatThrownBy(() -> CustomSelector.load(RandomSelector.class.getName()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(RandomSelector.class.getName())
                .hasMessageContaining("no-argument constructor");
    }

    @Test
    void failsNamingAnAbstractSelector() {
        assertThatThrownBy(() -> CustomSelector.load(Selector.class.getName()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Selector.class.getName())
                .hasMessageContaining("abstract");
    }

    @Test
    void failsWithTheCauseWhenTheConstructorThrows() {
        assertThatThrownBy(() -> CustomSelector.load(FailingSelector.class.getName()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(FailingSelector.class.getName())
                .hasMessageContaining("no licence file")
                .hasCauseInstanceOf(IllegalStateException.class);
    }

    @Test
    void failsWhenThePolicyNamesNoClass() {
        assertThatThrownBy(() -> CustomSelector.load(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("custom");
        assertThatThrownBy(() -> CustomSelector.load(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("custom");
    }

    @Test
    void stillLoadsASelectorWrittenAgainstTheDeprecatedInterface() {
        Selector custom = CustomSelector.load(FormerSelector.class.getName());

        assertThat(custom).isInstanceOf(FormerSelector.class);
        assertThat(custom.select(instances("a", "b", "c"), request()).id()).isEqualTo("a");
    }

    /** A custom directive written against the former interface, as users' directives may be. */
    @SuppressWarnings("deprecation")
    public static final class FormerSelector implements org.servicedomain.node.engine.selection.Selector {

        @Override
        public Instance select(List<Instance> candidates, RequestContext request) {
            return candidates.get(0);
        }
    }

    /** A legacy selector whose set-up fails. */
    public static final class FailingSelector implements Selector {

        public FailingSelector() {
            throw new IllegalStateException("no licence file");
        }

        @Override
        public Instance select(List<Instance> candidates, RequestContext request) {
            return candidates.get(0);
        }
    }
}
