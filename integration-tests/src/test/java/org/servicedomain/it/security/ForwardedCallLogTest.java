package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;

/** A call a parent forwards for its administrator leaves a trace naming that administrator on both nodes. */
class ForwardedCallLogTest {

    @TempDir
    Path dir;

    @Test
    void theParentLogsTheOperationUserAndChildAndTheChildLogsTheParentsUser() throws Exception {
        try (ProviderFleet providers = ProviderFleet.stockQuotes("quotes"); NodeTree tree = new NodeTree(dir)) {
            tree.start("top");
            tree.start("child");
            Registrations.register(tree.get("child").home(), providers.get(0));
            tree.attach("child", "top");
            NodeClient top = NodeClient.connect(tree.get("top").baseUri());
            top.setUser(new NodeClient.UserEntry("ops-lead", "pw", "staff", List.of(), List.of("administrator")));
            String session = top.login("ops-lead", "pw").sessionId();

            try (RecordedLog log = RecordedLog.ofNode()) {
                NodeClient.connect(URI.create(tree.get("top").baseUri() + "/children/child")).withSession(session).getPolicy();

                assertThat(log.events()).anySatisfy(e -> {
                    assertThat(e.getLoggerName()).endsWith("ChildHomeServlet");
                    assertThat(e.getFormattedMessage()).contains("forwarding getPolicy of administrator ops-lead to child node child");
                });
                assertThat(log.events()).anySatisfy(e -> {
                    assertThat(e.getLoggerName()).endsWith("ForwardedCalls");
                    assertThat(e.getFormattedMessage()).contains("forwarded by the parent for its administrator ops-lead");
                });
                assertThat(log.lines()).noneMatch(line -> line.contains(session));
            }
        }
    }
}
