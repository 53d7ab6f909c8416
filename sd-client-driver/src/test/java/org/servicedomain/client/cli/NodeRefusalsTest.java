package org.servicedomain.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClientException;

/** A call the node refuses exits 1 with the node's fault code and message, and says what to do when a kept session ended. */
class NodeRefusalsTest {

    @RegisterExtension
    final CannedSdctl sdctl = new CannedSdctl();
    private final CannedNode node = sdctl.node();

    @Test
    void aRefusalIsPrintedAsTheNodesFaultCodeAndMessageWithExitOne() {
        node.refusal = new NodeClientException("NotAuthorized", "only administrators may list users", List.of(), null);

        CannedSdctl.Result result = sdctl.run("users", "list");

        assertThat(result.exitCode()).isEqualTo(Sdctl.REFUSED);
        assertThat(result.err().strip()).isEqualTo("sdctl: NotAuthorized: only administrators may list users");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void aKeptSessionTheNodeNoLongerKnowsIsFollowedByTheLoginToRunAgain() {
        node.refusal = new NodeClientException("NotAuthorized", "unknown or expired session: log in again through the home port",
                List.of(), null);

        CannedSdctl.Result result = sdctl.keeping("root", "session-of-root").run("instances");

        assertThat(node.session).as("the call carried the kept session").isEqualTo("session-of-root");
        assertThat(result.exitCode()).isEqualTo(Sdctl.REFUSED);
        assertThat(result.err()).contains("the kept session of root at " + CannedNode.ADDRESS + " has ended")
                .contains("sdctl --node " + CannedNode.ADDRESS + " --user root login");
    }

    @Test
    void anotherRefusalOfAKeptSessionsCallGetsNoLoginHint() {
        node.refusal = new NodeClientException("NotAuthorized", "only administrators may list users", List.of(), null);

        CannedSdctl.Result result = sdctl.keeping("joe", "session-of-joe").run("users", "list");

        assertThat(result.exitCode()).isEqualTo(Sdctl.REFUSED);
        assertThat(result.err()).doesNotContain("log in again").doesNotContain("has ended");
    }

    @Test
    void withAUserButNoKeptSessionOfThemNothingIsCalledAnonymously() {
        CannedSdctl.Result result = sdctl.keeping("root", "session-of-root")
                .run("--user", "joe", "instances");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("no kept session of user joe");
        assertThat(node.asked).isEmpty();
    }
}
