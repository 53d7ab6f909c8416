package org.servicedomain.it.sdctl;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SdctlRun;

/**
 * Issue 31, item 5: when sdctl cannot do what was asked, its message names the cause and the next
 * step (the address to check, the login to run) instead of a Java exception's name or a bare status.
 */
class SdctlNextStepTest {

    private static final String ADMIN_PASSWORD = "root-pw-1";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet();

    @TempDir
    Path configHome;

    private SdctlRun sdctl;
    private String node;

    @BeforeEach
    void nodeWithAnAdministrator() {
        NodeClient.connect(domain.node().baseUri()).setUser(
                new NodeClient.UserEntry("root", ADMIN_PASSWORD, "staff", List.of(), List.of("administrator")));
        node = domain.node().baseUri().toString();
        sdctl = new SdctlRun(configHome);
    }

    @Test
    void aRefusedConnectionSaysNothingListensThereAndNamesTheAddress() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }

        SdctlRun.Result result = sdctl.run("--node", "http://127.0.0.1:" + closedPort + "/sd", "status");

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(1);
        assertThat(result.err()).contains("Unreachable").contains("127.0.0.1:" + closedPort)
                .contains("connection refused").contains("is the node running").doesNotContain("ClosedChannelException");
    }

    @Test
    void aNodeAddressWithoutTheContextPathIsCalledOutWithTheAddressToUseInstead() {
        String withoutContext = "http://" + domain.node().baseUri().getHost() + ":" + domain.node().baseUri().getPort() + "/";

        SdctlRun.Result result = sdctl.run("--node", withoutContext, "status");

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(1);
        assertThat(result.err()).contains("has no home port").contains("HTTP 404")
                .contains(domain.node().baseUri().getPort() + "/sd").contains("check --node");
    }

    @Test
    void aUserWithoutAKeptSessionIsToldToLogInInsteadOfCallingAnonymously() {
        SdctlRun.Result result = sdctl.run("--node", node, "--user", "root", "users", "list");

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).contains("no kept session of user root").contains("--user root login");
    }

    @Test
    void aSessionEndedByAPasswordChangeIsFollowedByTheLoginToRunAgain() {
        SdctlRun.Result login = sdctl.runWithInput(ADMIN_PASSWORD + "\n", "--node", node, "--user", "root", "login");
        assertThat(login.exitCode()).as(login.toString()).isZero();
        SdctlRun.Result passwd = sdctl.runWithInput("root-pw-2\n", "users", "passwd", "root");
        assertThat(passwd.exitCode()).as(passwd.toString()).isZero();

        SdctlRun.Result result = sdctl.run("users", "list");

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(1);
        assertThat(result.err()).contains("NotAuthorized").contains("has ended")
                .contains("log in again: sdctl --node " + node + " --user root login");
    }
}
