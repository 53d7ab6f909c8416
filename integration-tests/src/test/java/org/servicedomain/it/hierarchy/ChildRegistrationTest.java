package org.servicedomain.it.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.StockQuoteCalls;

/** Registering child nodes: what is filed, what is refused, and what a restart or an outage does. */
class ChildRegistrationTest {

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;

    @BeforeEach
    void parentAndChildWithAStockQuoteProvider() throws Exception {
        providers = ProviderFleet.stockQuotes("quotes");
        tree = new NodeTree(dir);
        tree.start("parent");
        tree.start("child");
        Registrations.register(tree.get("child").home(), providers.get(0));
    }

    @AfterEach
    void stop() {
        tree.close();
        providers.close();
    }

    @Test
    void eachVirtualPortOfTheChildBecomesAnInstanceAtTheChildsPortAddress() throws Exception {
        List<Registration> filed = tree.attach("child", "parent");

        assertThat(filed).singleElement().satisfies(r -> assertThat(r.getVirtualPort()).isEqualTo("StockQuotePortType"));
        InstanceInfo instance = instances("parent").get(0);
        assertThat(instance.getEndpointAddress()).isEqualTo(tree.get("child").virtualPortAddress("StockQuotePortType").toString());
        assertThat(instance.getAttribute()).extracting(a -> a.getName() + "=" + a.getValue())
                .contains("name=child", "originType=sd-node");
        assertThat(instance.getState()).isEqualTo(InstanceState.OPERATIONAL);
    }

    @Test
    void theRegistrationsLevelsAttributesAndTimeoutApplyToTheInstancesFiledForTheChild() throws Exception {
        tree.get("parent").home().register(childRegistration("Gold Silver", "region", "eu", 1_500L));

        InstanceInfo instance = instances("parent").get(0);
        assertThat(instance.getSupplierLevel()).containsExactlyInAnyOrder("Gold", "Silver");
        assertThat(instance.getTimeoutMs()).isEqualTo(1_500L);
        assertThat(instance.getAttribute()).extracting(a -> a.getName() + "=" + a.getValue())
                .contains("name=child", "originType=sd-node", "region=eu");
    }

    @Test
    void registeringTheChildAgainWithAnotherLevelRefilesItsInstancesUnderIt() throws Exception {
        tree.get("parent").home().register(childRegistration("Gold", "region", "eu", null));
        String id = instances("parent").get(0).getInstanceId();

        tree.get("parent").home().register(childRegistration("Bronze", "region", "us", null));

        InstanceInfo instance = instances("parent").get(0);
        assertThat(instance.getInstanceId()).isEqualTo(id);
        assertThat(instance.getSupplierLevel()).containsExactly("Bronze");
        assertThat(instance.getAttribute()).extracting(a -> a.getName() + "=" + a.getValue()).contains("region=us");
    }

    @Test
    void levelsAnAdministratorSetsOnAChildsInstanceStayAcrossPollsUntilTheChildRegistersAgain() throws Exception {
        tree.get("parent").home().register(childRegistration("Gold", "region", "eu", 1_500L));
        SetServiceInfo change = new SetServiceInfo();
        change.setInstanceId(instances("parent").get(0).getInstanceId());
        change.getSupplierLevel().add("Gold Platinum");
        tree.get("parent").home().setServiceInfo(change);

        tree.poll("parent");

        assertThat(instances("parent").get(0).getSupplierLevel()).containsExactlyInAnyOrder("Gold", "Platinum");

        tree.get("parent").home().register(childRegistration("Gold", "region", "eu", null));

        InstanceInfo refiled = instances("parent").get(0);
        assertThat(refiled.getSupplierLevel()).containsExactly("Gold");
        assertThat(refiled.getTimeoutMs()).as("a timeout left out of the registration is removed").isNull();
    }

    @Test
    void aChildRegistrationWithATimeoutOutOfRangeIsABadRequest() throws Exception {
        Register request = childRegistration("Gold", "region", "eu", 0L);

        assertThatThrownBy(() -> tree.get("parent").home().register(request))
                .isInstanceOfSatisfying(HomeFault.class, f -> assertThat(f.getFaultInfo().getCode()).isEqualTo("BadRequest"));
        assertThat(instances("parent")).isEmpty();
    }

    private Register childRegistration(String levels, String attribute, String value, Long timeoutMs) {
        Register request = new Register();
        request.setWsdlLocation(tree.get("child").homeAddress().toString());
        request.setOriginType("sd-node");
        request.setNodeSecret(NodeTree.secretOf("child"));
        request.getSupplierLevel().add(levels);
        request.getAttribute().add(Registrations.attribute("name", "child"));
        request.getAttribute().add(Registrations.attribute(attribute, value));
        request.setTimeoutMs(timeoutMs);
        return request;
    }

    @Test
    void aChildNameTheForwardingPathCannotCarryIsABadRequestNamingTheRule() throws Exception {
        for (String name : List.of("UBC/WFS", "U B C", "..", "x".repeat(65))) {
            Register request = childRegistration("Gold", "region", "eu", null);
            request.getAttribute().removeIf(a -> a.getName().equals("name"));
            request.getAttribute().add(Registrations.attribute("name", name));

            assertThatThrownBy(() -> tree.get("parent").home().register(request)).as(name)
                    .isInstanceOfSatisfying(HomeFault.class, f -> {
                        assertThat(f.getFaultInfo().getCode()).isEqualTo("BadRequest");
                        assertThat(f.getMessage()).contains("1 to 64 letters, digits, '_', '.' or '-'");
                    });
        }
        assertThat(instances("parent")).isEmpty();
        assertThat(tree.topology("parent").getChild()).isEmpty();
    }

    @Test
    void anUnknownOriginTypeIsABadRequest() {
        Register request = new Register();
        request.setWsdlLocation(tree.get("child").homeAddress().toString());
        request.setOriginType("mainframe");

        assertThatThrownBy(() -> tree.get("parent").home().register(request))
                .isInstanceOfSatisfying(HomeFault.class, f -> assertThat(f.getFaultInfo().getCode()).isEqualTo("BadRequest"));
    }

    @Test
    void registeringANodeAboveItselfIsRefusedAsACycle() throws Exception {
        tree.attach("child", "parent");

        assertThatThrownBy(() -> tree.attach("parent", "child"))
                .isInstanceOfSatisfying(HomeFault.class, f -> assertThat(f.getMessage()).contains("cycle"));
    }

    @Test
    void aChildThatDoesNotAnswerIsRefused() {
        tree.get("child").stop();

        assertThatThrownBy(() -> tree.attach("child", "parent"))
                .isInstanceOfSatisfying(HomeFault.class, f -> assertThat(f.getFaultInfo().getCode()).isEqualTo("WsdlUnreadable"));
    }

    @Test
    void anUnreachableChildIsDownUntilAPollReachesItAgain() throws Exception {
        tree.attach("child", "parent");
        tree.get("child").stop();

        NodeInfo top = tree.poll("parent").getNode();

        assertThat(top.getChild()).singleElement().satisfies(c -> assertThat(c.getState()).isEqualTo("unreachable"));
        assertThat(instances("parent").get(0).getState()).isEqualTo(InstanceState.DOWN);
        tree.get("child").restart();
        tree.poll("parent");
        assertThat(instances("parent").get(0).getState()).isEqualTo(InstanceState.OPERATIONAL);
    }

    @Test
    void aRestartedParentStillKnowsItsChildren() throws Exception {
        tree.attach("child", "parent");

        tree.get("parent").restart();
        NodeInfo top = tree.poll("parent").getNode();

        assertThat(top.getChild()).extracting(NodeInfo::getName).containsExactly("child");
        assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(tree.get("parent").virtualPortAddress("StockQuotePortType"),
                "IBM"))).isEqualTo("quotes");
    }

    @Test
    void aChildWhoseHomePortEnforcesRolesStillAnswersItsParentsPoll() throws Exception {
        tree.attach("child", "parent");
        NodeClient child = NodeClient.connect(tree.get("child").baseUri());
        child.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        assertThatThrownBy(child::getServiceInfo).isInstanceOfSatisfying(NodeClientException.class,
                e -> assertThat(e.code()).isEqualTo("NotAuthorized"));

        NodeInfo top = tree.poll("parent").getNode();

        assertThat(top.getChild()).singleElement().satisfies(c -> assertThat(c.getState()).isEqualTo("reachable"));
        assertThat(instances("parent").get(0).getState()).isEqualTo(InstanceState.OPERATIONAL);
    }

    private List<InstanceInfo> instances(String node) throws HomeFault {
        return tree.get(node).home().getServiceInfo(new GetServiceInfo()).getInstance();
    }
}
