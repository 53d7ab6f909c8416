package org.servicedomain.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.Attribute;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.VirtualPortInfo;

/** {@code instances} and {@code ports}: what they ask the node, and their tables and JSON. */
class InstancesAndPortsCommandsTest {

    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final CannedSdctl sdctl = new CannedSdctl();
    private final CannedNode node = sdctl.node();

    @BeforeEach
    void aNodeWithTwoInstancesOfOnePort() {
        node.serviceInfo.getInstance().add(instance("id-a", "quote-a", InstanceState.OPERATIONAL, List.of("Gold", "Silver"), 12.345));
        node.serviceInfo.getInstance().add(instance("id-b", null, InstanceState.DOWN, List.of(), 0));
        VirtualPortInfo port = new VirtualPortInfo();
        port.setName(PORT);
        port.setPortType(new QName("urn:example:stockquote", PORT));
        port.setSoapVersion("1.1");
        port.setInstanceCount(2);
        port.setAddress(CannedNode.ADDRESS + "/services/" + PORT);
        node.serviceInfo.getVirtualPort().add(port);
    }

    @Test
    void theInstancesTableHasARowPerInstanceNamedByItsNameOrAddressWithLevelsOrADashAndTheMeanToOneDecimal() {
        CannedSdctl.Result result = sdctl.run("instances");

        assertThat(result.exitCode()).as(result.toString()).isZero();
        List<String> lines = result.lines();
        assertThat(lines.get(0)).startsWith("NAME").contains("INSTANCE").contains("LEVELS").contains("OPERATIONS").contains("MEAN-MS");
        assertThat(lines).hasSize(3);
        assertThat(lines.get(1)).matches("quote-a +id-a +" + PORT + " +operational +Gold Silver +all +http://id-a\\.example/q +7 +1 +12\\.3");
        assertThat(lines.get(2)).matches("id-b\\.example/q +id-b +" + PORT + " +down +- +all +http://id-b\\.example/q +7 +1 +0\\.0");
        assertThat(node.asked).containsExactly("getServiceInfo");
    }

    @Test
    void instancesOfOnePortAreAskedOfTheNodeForThatPortOnly() {
        assertThat(sdctl.run("instances", "--port", PORT).exitCode()).isZero();

        assertThat(node.asked).containsExactly("getServiceInfo " + PORT);
    }

    @Test
    void theInstancesJsonCarriesEveryFieldWithLevelsAsAListAndAttributesAsAnObject() {
        JsonNode instances = sdctl.run("-o", "json", "instances").json();

        assertThat(instances).hasSize(2);
        JsonNode a = instances.get(0);
        assertThat(a.get("instanceId").asText()).isEqualTo("id-a");
        assertThat(a.get("name").asText()).isEqualTo("quote-a");
        assertThat(a.get("state").asText()).isEqualTo("operational");
        assertThat(a.get("supplierLevels")).extracting(JsonNode::asText).containsExactly("Gold", "Silver");
        assertThat(a.get("attributes").get("region").asText()).isEqualTo("eu");
        assertThat(a.get("meanLatencyMs").asDouble()).isEqualTo(12.345);
    }

    @Test
    void registeringSendsTheLevelsTimeoutAndAttributesAndListsWhatWasFiled() {
        CannedSdctl.Result result = sdctl.run("instances", "register", "http://provider.example/q?wsdl", "--level", "Gold",
                "--level", "Silver", "--timeout-ms", "1500", "--attribute", "region=eu", "--attribute", "rack=r1");

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(node.asked).containsExactly("register http://provider.example/q?wsdl Gold Silver 1500 {region=eu, rack=r1}");
        assertThat(result.lines().get(0)).matches("INSTANCE +PORT +PORT-ADDRESS");
        assertThat(result.lines().get(1)).matches("filed-1 +" + PORT + " +" + CannedNode.ADDRESS + "/services/" + PORT);
    }

    @Test
    void settingAStateSendsItAndSaysTheInstancesNewState() {
        CannedSdctl.Result result = sdctl.run("instances", "set-state", "id-a", "standby");

        assertThat(node.asked).containsExactly("setServiceInfo id-a " + InstanceState.STANDBY);
        assertThat(result.out().strip()).isEqualTo("id-a is standby");
    }

    @Test
    void thePortsTableShowsEachPortWithItsTypeSoapVersionInstancesAndAddress() {
        CannedSdctl.Result result = sdctl.run("ports");

        assertThat(result.lines()).hasSize(2);
        assertThat(result.lines().get(1)).matches(PORT + " +\\{urn:example:stockquote\\}" + PORT + " +1\\.1 +2 +"
                + CannedNode.ADDRESS + "/services/" + PORT);
    }

    @Test
    void removingAPortSaysHowManyInstancesWentAndWhich() {
        node.instancesOfPorts.put("Two", List.of("i-1", "i-2"));
        node.instancesOfPorts.put("One", List.of("i-3"));

        assertThat(sdctl.run("ports", "remove", "Two").out().strip())
                .isEqualTo("removed virtual port Two and its 2 instances: i-1, i-2");
        assertThat(sdctl.run("ports", "remove", "One").out().strip()).isEqualTo("removed virtual port One and its 1 instance: i-3");
        assertThat(sdctl.run("ports", "remove", "Empty").out().strip()).isEqualTo("removed virtual port Empty and its 0 instances");
        JsonNode json = sdctl.run("-o", "json", "ports", "remove", "Two").json();
        assertThat(json.get("virtualPort").asText()).isEqualTo("Two");
        assertThat(json.get("removedInstances")).extracting(JsonNode::asText).containsExactly("i-1", "i-2");
    }

    private static InstanceInfo instance(String id, String name, InstanceState state, List<String> levels, double meanMs) {
        InstanceInfo i = new InstanceInfo();
        i.setInstanceId(id);
        i.setName(name);
        i.setVirtualPort(PORT);
        i.setState(state);
        i.setEndpointAddress("http://" + id + ".example/q");
        i.getSupplierLevel().addAll(levels);
        i.setRequests(7);
        i.setFailures(1);
        i.setMeanLatencyMs(meanMs);
        Attribute region = new Attribute();
        region.setName("region");
        region.setValue("eu");
        i.getAttribute().add(region);
        return i;
    }
}
