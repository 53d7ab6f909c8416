package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.testsupport.BlastCalls;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapReply;

/**
 * The {@code fixed} directive under two rules of one virtual port with different supplier levels:
 * BLAST's runBlue goes to ServerBlue (A, B) and runGreen to ServerGreen (B, C), both {@code fixed}.
 * A user who alternates the two operations must stay on one server for each, not have one rule
 * overwrite the other's choice on every call, and keep both across a node restart.
 */
class FixedDirectiveBlastScenarioTest {

    private static final String TWO_FIXED_RULES = """
            <policy xmlns="urn:sd:policy:1">
              <serviceLevels>
                <supplierLevel name="ServerBlue"/>
                <supplierLevel name="ServerGreen"/>
              </serviceLevels>
              <virtualPort name="BlastPortType">
                <rule window="AllDay" operation="runBlue" supplierLevel="ServerBlue" directive="fixed"/>
                <rule window="AllDay" operation="runGreen" supplierLevel="ServerGreen" directive="fixed"/>
              </virtualPort>
            </policy>
            """;
    /** Enough users that the turns hand some of them C on runGreen, whose choice runBlue cannot follow. */
    private static final List<String> USERS = List.of("ann", "bob", "cy", "dee");
    private static final int CALLS = 5;

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet();

    @BeforeEach
    void blueAndGreenServersWithBInBothAndTheUsers() throws Exception {
        domain.blastServer("A", "ServerBlue", "database1");
        domain.blastServer("B", "ServerBlue ServerGreen", "database1", "database2");
        domain.blastServer("C", "ServerGreen", "database2");
        for (String user : USERS) {
            domain.setup().user(user, user + "-pw", "customer");
        }
        domain.setup().policy(TWO_FIXED_RULES);
    }

    @Test
    void keepsEachUserOnOneServerForRunBlueAndOneForRunGreenAcrossCallsAndANodeRestart() throws Exception {
        Map<String, String> blueOf = new LinkedHashMap<>();
        Map<String, String> greenOf = new LinkedHashMap<>();
        for (String user : USERS) {
            String session = login(user);
            List<String> blue = new ArrayList<>();
            List<String> green = new ArrayList<>();
            for (int i = 0; i < CALLS; i++) {
                blue.add(servedBy(session, "runBlue"));
                green.add(servedBy(session, "runGreen"));
            }

            assertThat(blue.subList(1, CALLS)).as(user + " on runBlue after at most one move, served " + blue)
                    .containsOnly(blue.get(1));
            assertThat(green).as(user + " on runGreen, served " + green).containsOnly(green.get(0));
            assertThat(blue.get(1)).isIn("A", "B");
            assertThat(green.get(0)).isIn("B", "C");
            blueOf.put(user, blue.get(1));
            greenOf.put(user, green.get(0));
        }

        domain.node().restart();

        for (String user : List.of("dee", "cy", "bob", "ann")) {
            String session = login(user);
            for (int i = 0; i < 3; i++) {
                assertThat(servedBy(session, "runBlue")).as(user + " on runBlue after the restart").isEqualTo(blueOf.get(user));
                assertThat(servedBy(session, "runGreen")).as(user + " on runGreen after the restart").isEqualTo(greenOf.get(user));
            }
        }
        Path file = domain.node().config().dataDir().resolve("status").resolve("fixed-choices.json");
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).startsWith("{\"version\":2,").contains("\"instances\":[");
    }

    private String login(String user) throws Exception {
        return domain.setup().login(user, user + "-pw");
    }

    private String servedBy(String session, String operation) {
        SoapReply reply = BlastCalls.runColour(port(), operation, session);
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        return BlastCalls.servedBy(reply);
    }

    private URI port() {
        return domain.node().virtualPortAddress("BlastPortType");
    }
}
