package org.servicedomain.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The node a console page shows: the console's own, or one below reached through it, and who may open it. */
class NodeChoiceTest {

    private static final URI TOP = URI.create("http://localhost:8080/sd");

    @Test
    void noParameterIsTheConsolesOwnNodeAtItsOwnAddress() {
        assertThat(NodeChoice.of((String) null).isTop()).isTrue();
        assertThat(NodeChoice.of(" ").base(TOP)).isEqualTo(TOP);
        assertThat(NodeChoice.of("").getQuery()).isEmpty();
    }

    @Test
    void aPathOfChildNamesIsReachedThroughEachParentsForwardingPath() {
        NodeChoice choice = NodeChoice.of("UBC/WFS");

        assertThat(choice.base(TOP)).isEqualTo(URI.create("http://localhost:8080/sd/children/UBC/children/WFS"));
        assertThat(choice.getQuery()).isEqualTo("?node=UBC%2FWFS");
        assertThat(choice.getExtraQuery()).isEqualTo("&node=UBC%2FWFS");
        assertThat(choice.getCrumbs()).extracting(NodeChoice.Crumb::getName, NodeChoice.Crumb::getPath).containsExactly(
                org.assertj.core.groups.Tuple.tuple("this node", ""), org.assertj.core.groups.Tuple.tuple("UBC", "UBC"),
                org.assertj.core.groups.Tuple.tuple("WFS", "UBC/WFS"));
    }

    @Test
    void aPathThatIsNoChainOfChildNamesIsRefused() {
        for (String bad : List.of("../metrics", "UBC//WFS", "UBC/", "http://evil/sd", "U B C", "a/./b", "x?y=1")) {
            assertThatThrownBy(() -> NodeChoice.of(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void everyPageOfANodeBelowIsForAdministratorsOnly() {
        ConsoleUser provider = TaskServletHarness.provider("alice");
        ConsoleUser administrator = TaskServletHarness.administrator();

        assertThat(PageAccess.allows(provider, "/services", NodeChoice.TOP)).isTrue();
        assertThat(PageAccess.allows(provider, "/services", NodeChoice.of("UBC"))).isFalse();
        assertThat(PageAccess.allows(provider, "/instances", NodeChoice.of("UBC"))).isFalse();
        assertThat(PageAccess.allows(administrator, "/services", NodeChoice.of("UBC"))).isTrue();
    }
}
