package org.servicedomain.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.home.v1.EventInfo;
import org.servicedomain.home.v1.NodeInfo;

/** {@code topology}'s tree, {@code events} once and followed, and {@code domain}'s labelled fields. */
class TopologyEventsAndDomainCommandsTest {

    private static final Instant AT = Instant.parse("2026-12-01T12:00:00Z");

    @RegisterExtension
    final CannedSdctl sdctl = new CannedSdctl();
    private final CannedNode node = sdctl.node();

    @Test
    void topologyDrawsEachChildBelowItsParentWithBranchesThatShowWhichComeLast() {
        NodeInfo a = node("A", node("A1"), node("A2"));
        node.topology = node("main", a, node("B"));

        CannedSdctl.Result result = sdctl.run("topology");

        assertThat(result.lines()).extracting(line -> line.substring(0, line.indexOf("  http")))
                .containsExactly("main", "├── A", "│   ├── A1", "│   └── A2", "└── B");
        assertThat(result.lines().get(0)).isEqualTo("main  http://main.example/sd  reachable  ports=0 instances=0");
        assertThat(node.asked).containsExactly("topology");
    }

    @Test
    void topologyWithPollAsksTheNodeToPollFirstAndNestsTheChildrenInJson() {
        node.topology = node("main", node("A", node("A1")));

        JsonNode tree = sdctl.run("-o", "json", "topology", "--poll").json();

        assertThat(node.asked).containsExactly("poll");
        assertThat(tree.get("name").asText()).isEqualTo("main");
        assertThat(tree.get("children").get(0).get("children").get(0).get("name").asText()).isEqualTo("A1");
    }

    @Test
    void eventsAreListedInATableAndInJsonWithTheLastSequence() {
        node.events.add(event(1, "POLICY_ACTIVATED", null, null, "version 2"));
        node.events.add(event(2, "INSTANCE_EJECTED", "Quotes", "q-1", "5 failures in a row"));

        CannedSdctl.Result table = sdctl.run("events");
        JsonNode json = sdctl.run("-o", "json", "events", "--after", "1").json();

        assertThat(table.lines().get(0)).matches("SEQ +TIME +KIND +PORT +INSTANCE +MESSAGE");
        assertThat(table.lines().get(1)).matches("1 +" + AT.plusSeconds(1) + " +POLICY_ACTIVATED +- +- +version 2");
        assertThat(table.lines().get(2)).matches("2 +" + AT.plusSeconds(2) + " +INSTANCE_EJECTED +Quotes +q-1 +5 failures in a row");
        assertThat(json.get("lastSequence").asLong()).isEqualTo(2);
        assertThat(json.get("events")).extracting(e -> e.get("sequence").asLong()).containsExactly(2L);
    }

    @Test
    void followingEventsPrintsOneLinePerEventAndAsksForThoseAfterTheLastPrinted() {
        node.events.add(event(7, "POLICY_ACTIVATED", null, null, "version 2"));
        node.events.add(event(8, "INSTANCE_EJECTED", "Quotes", "q-1", "ejected"));
        node.events.add(event(9, "INSTANCE_RESTORED", "Quotes", "q-1", "restored"));

        CannedSdctl.Result result = sdctl.run("events", "--follow", "--after", "6", "--count", "2");

        assertThat(result.exitCode()).isZero();
        assertThat(result.lines()).containsExactly(
                "7  " + AT.plusSeconds(7) + "  POLICY_ACTIVATED  port=-  instance=-  version 2",
                "8  " + AT.plusSeconds(8) + "  INSTANCE_EJECTED  port=Quotes  instance=q-1  ejected");
        assertThat(node.asked).containsExactly("events 6");
    }

    @Test
    void followingEventsPollsAgainFromTheLastOneUntilItsTimeIsUp() {
        node.events.add(event(3, "POLICY_ACTIVATED", null, null, "version 4"));

        CannedSdctl.Result result = sdctl.run("-o", "json", "events", "--follow", "--interval", "0.01", "--max-seconds", "0.2");

        assertThat(result.exitCode()).isZero();
        assertThat(result.lines()).singleElement().satisfies(line -> assertThat(line).startsWith("{\"sequence\":3,"));
        assertThat(node.asked.get(0)).isEqualTo("events 0");
        assertThat(node.asked.subList(1, node.asked.size())).isNotEmpty().containsOnly("events 3");
    }

    @Test
    void theDomainInformationIsOneLabelledLinePerFieldSetWithContinuedLinesIndented() {
        node.domain.setDescription("Quotes and orders\nfor the whole group");
        node.domain.setContact("ops@example.org");
        node.domain.setChangedBy("root");
        node.domain.setChangedAt(CannedNode.xmlTime(AT));

        CannedSdctl.Result result = sdctl.run("domain", "show");

        assertThat(result.lines()).containsExactly(
                "description: Quotes and orders",
                "             for the whole group",
                "contact:     ops@example.org",
                "changed:     " + AT + " by root");
    }

    @Test
    void aDomainWithoutInformationSaysSo() {
        assertThat(sdctl.run("domain", "show").out().strip()).isEqualTo("(no domain information set)");
    }

    @Test
    void settingTheDomainSendsOnlyTheFieldsGivenAndAnEmptyOneToRemoveIt() {
        CannedSdctl.Result result = sdctl.run("domain", "set", "--owner", "Group IT", "--terms", "");

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(node.domainChange).isEqualTo(new NodeClient.DomainChange(null, "Group IT", null, "", null));
    }

    private static NodeInfo node(String name, NodeInfo... children) {
        NodeInfo n = new NodeInfo();
        n.setName(name);
        n.setNodeId("id-" + name);
        n.setAddress("http://" + name.toLowerCase() + ".example/sd");
        n.setState("reachable");
        n.getChild().addAll(List.of(children));
        return n;
    }

    private static EventInfo event(long sequence, String kind, String port, String instance, String message) {
        EventInfo e = new EventInfo();
        e.setSequence(sequence);
        e.setTime(CannedNode.xmlTime(AT.plusSeconds(sequence)));
        e.setKind(kind);
        e.setVirtualPort(port);
        e.setInstanceId(instance);
        e.setMessage(message);
        return e;
    }
}
