package org.servicedomain.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletResponse;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.Attribute;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.VirtualPortInfo;

/** The topology page with the client driver mocked: the tree it shows, the poll it starts, faults. */
class TopologyServletTest {

    private static NodeInfo node(String name, String state, String port, InstanceInfo... instances) {
        NodeInfo node = new NodeInfo();
        node.setName(name);
        node.setNodeId(name + "-id");
        node.setAddress("http://127.0.0.1:1/" + name + "/sd");
        node.setState(state);
        VirtualPortInfo virtualPort = new VirtualPortInfo();
        virtualPort.setName(port);
        node.getVirtualPort().add(virtualPort);
        node.getInstance().addAll(List.of(instances));
        return node;
    }

    private static InstanceInfo instance(String id, String port, InstanceState state, String supplierLevel) {
        InstanceInfo instance = new InstanceInfo();
        instance.setInstanceId(id);
        instance.setVirtualPort(port);
        instance.setEndpointAddress("http://127.0.0.1:2/" + id);
        instance.setState(state);
        if (supplierLevel != null) {
            instance.getSupplierLevel().add(supplierLevel);
        }
        return instance;
    }

    private static NodeInfo parentWithChild() {
        NodeInfo child = node("UBC", "reachable", "StockQuotePortType",
                instance("bot", "StockQuotePortType", InstanceState.OPERATIONAL, "Gold"),
                instance("wfs", "StockQuotePortType", InstanceState.STANDBY, "Silver"));
        NodeInfo top = node("UF", "reachable", "StockQuotePortType",
                instance("ubc-quotes", "StockQuotePortType", InstanceState.OPERATIONAL, null));
        top.getChild().add(child);
        top.getChild().add(node("UPM", "unreachable", "OnlineTradingPortType"));
        return top;
    }

    @Test
    void theTreeShowsEachNodeWithItsPortsInstancesAndChildrenNested() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator());
        when(h.client.topology()).thenReturn(parentWithChild());

        h.init(new TopologyServlet()).doGet(h.request, h.response);

        TopologyTree.NodeBranch top = (TopologyTree.NodeBranch) h.requestAttributes.get("topology");
        assertThat(h.forwardedTo).isEqualTo("/WEB-INF/views/topology.jsp");
        assertThat(top.getName()).isEqualTo("UF");
        assertThat(top.getChildren()).extracting(TopologyTree.NodeBranch::getName, TopologyTree.NodeBranch::getState)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("UBC", "reachable"),
                        org.assertj.core.groups.Tuple.tuple("UPM", "unreachable"));
        TopologyTree.PortBranch quotes = top.getChildren().get(0).getPorts().get(0);
        assertThat(quotes.getName()).isEqualTo("StockQuotePortType");
        assertThat(quotes.getInstances()).extracting(PortStatistics.InstanceRow::getInstanceId,
                PortStatistics.InstanceRow::getState, PortStatistics.InstanceRow::getSupplierLevel)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("bot", "operational", "Gold"),
                        org.assertj.core.groups.Tuple.tuple("wfs", "standby", "Silver"));
        assertThat(top.getChildren().get(1).getPorts().get(0).getInstances()).isEmpty();
        verify(h.client, never()).poll();
    }

    @Test
    void pollNowAsksTheNodeToPollAndShowsTheFreshTreeAfterTheRedirect() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator());
        when(h.client.poll()).thenReturn(parentWithChild());

        h.init(new TopologyServlet()).doPost(h.request, h.response);

        verify(h.client).poll();
        verify(h.response).sendRedirect("/sd-admin/topology");
        assertThat((String) h.sessionAttributes.get(TaskServlet.FLASH)).isEqualTo("Polled: UF and 1 node(s) below it answered.");
    }

    @Test
    void aNodeThatIsDownGivesAReadableMessageInsteadOfTheTree() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator());
        when(h.client.topology()).thenThrow(new NodeClientException(NodeClientException.UNREACHABLE,
                "the node at http://x/sd did not answer: Connection refused", List.of(), null));

        h.init(new TopologyServlet()).doGet(h.request, h.response);

        assertThat((String) h.requestAttributes.get("problem")).startsWith("The node does not answer").contains("Connection refused");
        assertThat(h.requestAttributes).doesNotContainKey("topology");
        assertThat(h.forwardedTo).isEqualTo("/WEB-INF/views/topology.jsp");
    }

    @Test
    void aPollTheNodeRefusesIsShownAsTheNodesFault() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator());
        when(h.client.poll()).thenThrow(new NodeClientException("NotAuthorized", "getServiceInfo needs a session", List.of(), null));

        h.init(new TopologyServlet()).doPost(h.request, h.response);

        assertThat((String) h.sessionAttributes.get(TaskServlet.FLASH_PROBLEM))
                .isEqualTo("The node refused: getServiceInfo needs a session [NotAuthorized]");
        verify(h.response).sendRedirect("/sd-admin/topology");
    }

    @Test
    void aUserWithoutTheAdministratorRoleIsRefusedTheTopologyPage() throws Exception {
        TaskServletHarness h = new TaskServletHarness(null);
        StringWriter body = new StringWriter();
        FilterChain chain = mock(FilterChain.class);
        h.sessionAttributes.put(ConsoleUser.ATTRIBUTE, TaskServletHarness.provider("alice"));
        when(h.request.getMethod()).thenReturn("GET");
        when(h.request.getServletPath()).thenReturn("/topology");
        when(h.response.getWriter()).thenReturn(new PrintWriter(body));

        new ConsoleFilter().doFilter(h.request, h.response, chain);

        verify(h.response).setStatus(HttpServletResponse.SC_FORBIDDEN);
        verify(chain, never()).doFilter(h.request, h.response);
    }

    @Test
    void registeringAChildSendsItsAddressSecretNameLevelAndTimeoutAndSaysWhatWasFiled() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator())
                .param("action", "register").param("homeAddress", "http://10.0.0.7:8080/sd/services/home")
                .param("secret", "parent-secret-of-UBC").param("name", "UBC").param("supplierLevel", "Platinum")
                .param("timeoutMs", "5000");
        Registration filed = new Registration();
        filed.setVirtualPort("StockQuotePortType");
        when(h.client.registerChild("http://10.0.0.7:8080/sd/services/home", "parent-secret-of-UBC", "UBC", "Platinum", 5000L))
                .thenReturn(List.of(filed));

        h.init(new TopologyServlet()).doPost(h.request, h.response);

        verify(h.response).sendRedirect("/sd-admin/topology");
        assertThat((String) h.sessionAttributes.get(TaskServlet.FLASH))
                .isEqualTo("Registered child node UBC in level Platinum: 1 port(s) StockQuotePortType.");
        verify(h.client, never()).poll();
    }

    @Test
    void aChildNameThatCannotBeAddressedOrATimeoutThatIsNoNumberIsRefusedBeforeTheNodeIsAsked() throws Exception {
        for (String[] bad : new String[][] {{"name", "U B/C"}, {"timeoutMs", "soon"}}) {
            TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator())
                    .param("action", "register").param("homeAddress", "http://10.0.0.7:8080/sd").param("secret", "s")
                    .param(bad[0], bad[1]);

            h.init(new TopologyServlet()).doPost(h.request, h.response);

            assertThat((String) h.sessionAttributes.get(TaskServlet.FLASH_PROBLEM)).isNotBlank();
            verify(h.client, never()).registerChild(any(), any(), any(), any(), any());
        }
    }

    @Test
    void unregisteringAChildUnregistersTheInstanceStandingForIt() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator())
                .param("action", "unregister").param("instanceId", "ubc-quotes").param("child", "UBC");

        h.init(new TopologyServlet()).doPost(h.request, h.response);

        verify(h.client).unregister("ubc-quotes");
        assertThat((String) h.sessionAttributes.get(TaskServlet.FLASH)).startsWith("Unregistered child node UBC");
    }

    @Test
    void eachChildOpensByItsPathAndOnlyTheDirectChildrenCanBeUnregisteredHere() {
        NodeInfo top = parentWithChild();
        InstanceInfo standing = top.getInstance().get(0);
        standing.setEndpointAddress("http://ubc.example:8180/sd/services/ports/StockQuotePortType");
        Attribute child = new Attribute();
        child.setName(TopologyTree.CHILD_ATTRIBUTE);
        child.setValue(top.getChild().get(0).getAddress());
        standing.getAttribute().add(child);
        NodeInfo grandchild = node("WFS", "reachable", "StockQuotePortType");
        top.getChild().get(0).getChild().add(grandchild);

        TopologyTree.NodeBranch tree = TopologyTree.of(top, NodeChoice.TOP);

        TopologyTree.NodeBranch ubc = tree.getChildren().get(0);
        assertThat(tree.getPath()).isEmpty();
        assertThat(ubc.getPath()).isEqualTo("UBC");
        assertThat(ubc.getQuery()).isEqualTo("?node=UBC");
        assertThat(ubc.getStandingInstance()).isEqualTo("ubc-quotes");
        assertThat(tree.getChildren().get(1).getStandingInstance()).as("UPM offers no port here").isNull();
        assertThat(ubc.getChildren().get(0).getPath()).isEqualTo("UBC/WFS");
        assertThat(ubc.getChildren().get(0).getStandingInstance()).isNull();
        assertThat(TopologyTree.of(top.getChild().get(0), NodeChoice.of("UBC")).getChildren().get(0).getPath())
                .isEqualTo("UBC/WFS");
    }

    @Test
    void aPageOfANodeBelowUsesThatNodesClientAndKeepsTheNodeInItsRedirect() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator());
        h.requestAttributes.put(NodeChoice.ATTRIBUTE, NodeChoice.of("UBC/WFS"));
        when(h.client.poll()).thenReturn(parentWithChild());

        h.init(new TopologyServlet()).doPost(h.request, h.response);

        verify(h.response).sendRedirect("/sd-admin/topology?node=UBC%2FWFS");
    }
}
