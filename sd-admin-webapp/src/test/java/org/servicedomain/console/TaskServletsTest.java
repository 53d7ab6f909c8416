package org.servicedomain.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.Attribute;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.PolicyRefusal;
import org.servicedomain.home.v1.PreviewPolicyResponse;
import org.servicedomain.home.v1.Registration;

/** The task servlets with the client driver mocked: what they ask the node and what they show. */
class TaskServletsTest {

    private static NodeClientException fault(String code, String message) {
        return new NodeClientException(code, message, List.of(), null);
    }

    @Test
    void signInRenewsTheSessionIdAndSendsAnAdministratorToTheDashboard() throws Exception {
        TaskServletHarness h = new TaskServletHarness(null).param("user", "root").param("password", "pw")
                .param("passwordAgain", "pw");
        when(h.client.login("root", "pw")).thenReturn(new NodeClient.SignedIn("sid", "root", "staff", List.of("administrator")));

        h.init(new LoginServlet()).doPost(h.request, h.response);

        verify(h.request).changeSessionId();
        assertThat(((ConsoleUser) h.sessionAttributes.get(ConsoleUser.ATTRIBUTE)).getNodeSessionId()).isEqualTo("sid");
        verify(h.response).sendRedirect("/sd-admin/dashboard");
    }

    @Test
    void aWrongPasswordShowsTheFormAgainWithoutSigningIn() throws Exception {
        TaskServletHarness h = new TaskServletHarness(null).param("user", "root").param("password", "guess");
        when(h.client.login("root", "guess")).thenThrow(fault("NotAuthorized", "wrong user name or password"));

        h.init(new LoginServlet()).doPost(h.request, h.response);

        assertThat(h.requestAttributes.get("problem")).isEqualTo("Wrong user name or password.");
        assertThat(h.forwardedTo).isEqualTo("/WEB-INF/views/login.jsp");
        assertThat(h.sessionAttributes).doesNotContainKey(ConsoleUser.ATTRIBUTE);
        verify(h.request, never()).changeSessionId();
    }

    @Test
    void aNodeThatIsDownGivesAReadableMessageOnTheDashboard() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator());
        when(h.request.getServletPath()).thenReturn("/dashboard");
        when(h.client.getServiceInfo()).thenThrow(fault(NodeClientException.UNREACHABLE, "the node at http://x/sd did not answer: Connection refused"));

        h.init(new DashboardServlet()).doGet(h.request, h.response);

        assertThat((String) h.requestAttributes.get("problem")).startsWith("The node does not answer").contains("Connection refused");
        assertThat(h.forwardedTo).isEqualTo("/WEB-INF/views/dashboard.jsp");
    }

    @Test
    void anExpiredNodeSessionAsksTheUserToSignInAgain() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator());
        when(h.request.getServletPath()).thenReturn("/dashboard");
        when(h.client.getServiceInfo()).thenThrow(fault("NotAuthorized", "unknown or expired session"));

        h.init(new DashboardServlet()).doGet(h.request, h.response);

        assertThat((String) h.requestAttributes.get("problem")).contains("Sign out and sign in again");
    }

    @Test
    void theFirstAdministratorIsCreatedWithTheAdministratorRoleAndSignedIn() throws Exception {
        TaskServletHarness h = new TaskServletHarness(null).param("user", "root").param("password", "pw")
                .param("passwordAgain", "pw");
        when(h.client.login("root", "pw")).thenReturn(new NodeClient.SignedIn("sid", "root", "staff", List.of("administrator")));

        h.init(new SetupServlet()).doPost(h.request, h.response);

        verify(h.client).setUser(new NodeClient.UserEntry("root", "pw", "staff", List.of(), List.of("administrator")));
        verify(h.request).changeSessionId();
        verify(h.response).sendRedirect("/sd-admin/dashboard");
    }

    @Test
    void theFirstAdministratorIsNotCreatedWhenTheTwoPasswordsDiffer() throws Exception {
        TaskServletHarness h = new TaskServletHarness(null).param("user", "root").param("password", "pw")
                .param("passwordAgain", "pv");

        h.init(new SetupServlet()).doPost(h.request, h.response);

        verify(h.client, org.mockito.Mockito.never()).setUser(any());
        assertThat((String) h.sessionAttributes.get(TaskServlet.FLASH_PROBLEM)).contains("two passwords differ");
        verify(h.response).sendRedirect("/sd-admin/login");
    }

    @Test
    void registeringSendsTheWsdlLevelTimeoutAndAttributesToTheNode() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator())
                .param("action", "register").param("wsdlLocation", "http://p/quote?wsdl").param("supplierLevel", "Gold")
                .param("timeoutMs", "2000").param("attributes", "region=eu\nbank = A\n").param("name", "Acme quotes");
        Registration filed = new Registration();
        filed.setInstanceId("Q-1");
        filed.setVirtualPort("Q");
        when(h.client.register(anyString(), any(), any(), any(), any())).thenReturn(List.of(filed));

        h.init(new InstancesServlet()).doPost(h.request, h.response);

        verify(h.client).register("http://p/quote?wsdl", "Acme quotes", "Gold", 2000L, Map.of("region", "eu", "bank", "A"));
        assertThat(h.sessionAttributes.get(TaskServlet.FLASH)).isEqualTo("Registered Q-1 on Q.");
        verify(h.response).sendRedirect("/sd-admin/instances");
    }

    @Test
    void editingAnInstancesLevelsSendsTheNewSetAndLeavesUnchangedLevelsAlone() throws Exception {
        GetServiceInfoResponse info = new GetServiceInfoResponse();
        InstanceInfo b = instance("B-1", "root");
        b.getSupplierLevel().add("ServerBlue");
        info.getInstance().add(b);
        TaskServletHarness edited = new TaskServletHarness(TaskServletHarness.administrator())
                .param("action", "attributes").param("instanceId", "B-1").param("attributes", "")
                .param("supplierLevels", " ServerGreen  ServerBlue ");
        when(edited.client.getServiceInfo()).thenReturn(info);

        edited.init(new InstancesServlet()).doPost(edited.request, edited.response);

        verify(edited.client).setServiceInfo("B-1", null, null, Map.of(), "ServerBlue ServerGreen");

        TaskServletHarness unchanged = new TaskServletHarness(TaskServletHarness.administrator())
                .param("action", "attributes").param("instanceId", "B-1").param("attributes", "")
                .param("supplierLevels", "ServerBlue");
        when(unchanged.client.getServiceInfo()).thenReturn(info);

        unchanged.init(new InstancesServlet()).doPost(unchanged.request, unchanged.response);

        verify(unchanged.client).setServiceInfo("B-1", null, null, Map.of(), null);
    }

    @Test
    void aFaultOfTheNodeBecomesAProblemOnTheNextPageNotAStackTrace() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.provider("bob"))
                .param("action", "unregister").param("instanceId", "Q-1");
        doThrow(fault("NotAuthorized", "instance Q-1 belongs to another provider")).when(h.client).unregister("Q-1");

        h.init(new InstancesServlet()).doPost(h.request, h.response);

        assertThat(h.sessionAttributes.get(TaskServlet.FLASH_PROBLEM))
                .isEqualTo("The node refused: instance Q-1 belongs to another provider [NotAuthorized]");
        verify(h.response).sendRedirect("/sd-admin/instances");
    }

    @Test
    void aProviderIsShownOnlyTheInstancesItOwns() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.provider("alice"));
        GetServiceInfoResponse info = new GetServiceInfoResponse();
        info.getInstance().add(instance("Q-1", "alice"));
        info.getInstance().add(instance("Q-2", "bob"));
        when(h.client.getServiceInfo()).thenReturn(info);

        h.init(new InstancesServlet()).doGet(h.request, h.response);

        @SuppressWarnings("unchecked")
        List<InstancesServlet.InstanceView> shown = (List<InstancesServlet.InstanceView>) h.requestAttributes.get("instances");
        assertThat(shown).extracting(v -> v.row().instanceId()).containsExactly("Q-1");
    }

    @Test
    void settingAStateSendsOnlyTheState() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator())
                .param("action", "state").param("instanceId", "Q-1").param("state", "standby");

        h.init(new InstancesServlet()).doPost(h.request, h.response);

        verify(h.client).setServiceInfo("Q-1", InstanceState.STANDBY, null, null);
    }

    @Test
    void anInvalidPolicyStaysInTheEditorWithItsLineMarkedAndIsNotActivated() throws Exception {
        String document = "<policy xmlns=\"urn:sd:policy:1\">\n<defaults>\n<selection directive=\"x\"/>\n</defaults></policy>";
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator())
                .param("action", "validate").param("document", document);
        when(h.client.previewPolicy(document, null)).thenThrow(fault("InvalidPolicy", "invalid policy at line 3, column 30: unknown directive x"));
        when(h.client.getPolicy()).thenReturn(new NodeClient.PolicyVersion(0, "<policy/>"));

        h.init(new PolicyServlet()).doPost(h.request, h.response);

        assertThat(h.requestAttributes.get("errorLine")).isEqualTo(3);
        @SuppressWarnings("unchecked")
        List<PolicyServlet.Line> lines = (List<PolicyServlet.Line>) h.requestAttributes.get("lines");
        assertThat(lines).filteredOn(PolicyServlet.Line::error).extracting(PolicyServlet.Line::number).containsExactly(3);
        assertThat(h.requestAttributes.get("document")).isEqualTo(document);
        verify(h.client, never()).applyPolicy(anyString());
    }

    @Test
    void validatingShowsTheWarningsTheNodeNotedWithoutRefusingThePolicy() throws Exception {
        String document = "<policy xmlns=\"urn:sd:policy:1\"><defaults><selection directive=\"fixed-order\"/></defaults></policy>";
        String warning = "line 1, column 43: directive 'fixed-order' is deprecated; use 'first-available', which does the same";
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator())
                .param("action", "validate").param("document", document);
        when(h.client.previewPolicy(document, null)).thenReturn(impact(4, List.of(warning)));
        when(h.client.getPolicy()).thenReturn(new NodeClient.PolicyVersion(3, "<policy/>"));

        h.init(new PolicyServlet()).doPost(h.request, h.response);

        assertThat(h.requestAttributes.get("policyWarnings")).isEqualTo(List.of(warning));
        assertThat((String) h.requestAttributes.get("notice")).contains("version 4").contains(warning);
        verify(h.client, never()).applyPolicy(anyString());
    }

    @Test
    void activatingAPolicyThatWouldRefuseRequestsServedTodayAsksForConfirmationFirst() throws Exception {
        String document = "<policy xmlns=\"urn:sd:policy:1\"/>";
        PreviewPolicyResponse impact = impact(2, List.of());
        PolicyRefusal refusal = new PolicyRefusal();
        refusal.setUser("joe");
        refusal.setCode("NotAuthorized");
        refusal.setRequests(3);
        refusal.setRefusedNow(false);
        impact.getRefusal().add(refusal);
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator())
                .param("action", "activate").param("document", document);
        when(h.client.previewPolicy(document, null)).thenReturn(impact);
        when(h.client.getPolicy()).thenReturn(new NodeClient.PolicyVersion(1, "<policy/>"));

        h.init(new PolicyServlet()).doPost(h.request, h.response);

        assertThat(h.requestAttributes.get("needsConfirmation")).isEqualTo(Boolean.TRUE);
        assertThat((String) h.requestAttributes.get("problem")).contains("would refuse 3");
        verify(h.client, never()).applyPolicy(anyString());
    }

    @Test
    void aConfirmedActivationSetsThePolicyWithoutAskingAgain() throws Exception {
        String document = "<policy xmlns=\"urn:sd:policy:1\"/>";
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator())
                .param("action", "activate-confirmed").param("document", document);
        when(h.client.applyPolicy(document)).thenReturn(new NodeClient.PolicyCheck(2, List.of()));

        h.init(new PolicyServlet()).doPost(h.request, h.response);

        verify(h.client, never()).previewPolicy(anyString(), any());
        assertThat(h.sessionAttributes.get(TaskServlet.FLASH)).isEqualTo("Version 2 is active.");
    }

    private static PreviewPolicyResponse impact(long version, List<String> warnings) {
        PreviewPolicyResponse impact = new PreviewPolicyResponse();
        impact.setVersion(version);
        impact.getWarning().addAll(warnings);
        impact.setPeriodSeconds(3600);
        return impact;
    }

    @Test
    void rollingBackActivatesTheKeptVersionsDocumentAsANewVersion() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator())
                .param("action", "rollback").param("version", "2");
        when(h.client.getPolicy(2L)).thenReturn(new NodeClient.PolicyVersion(2, "<policy v2/>"));
        when(h.client.setPolicy("<policy v2/>")).thenReturn(5L);

        h.init(new PolicyServlet()).doPost(h.request, h.response);

        assertThat(h.sessionAttributes.get(TaskServlet.FLASH)).isEqualTo("Rolled back to version 2; it is active as version 5.");
    }

    @Test
    void addingALevelWritesItIntoThePolicyAndActivatesIt() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator())
                .param("action", "addLevel").param("kind", "supplierLevel").param("name", "Gold");
        when(h.client.getPolicy()).thenReturn(new NodeClient.PolicyVersion(1,
                "<policy xmlns=\"urn:sd:policy:1\"><defaults><selection directive=\"random\"/></defaults></policy>"));
        when(h.client.setPolicy(anyString())).thenReturn(2L);

        h.init(new ContractsServlet()).doPost(h.request, h.response);

        verify(h.client).setPolicy(eq("<policy xmlns=\"urn:sd:policy:1\"><serviceLevels><supplierLevel name=\"Gold\"/></serviceLevels>\n"
                + "  <defaults><selection directive=\"random\"/></defaults></policy>"));
        assertThat(h.sessionAttributes.get(TaskServlet.FLASH)).isEqualTo("The policy is active as version 2.");
    }

    private static InstanceInfo instance(String id, String owner) {
        InstanceInfo info = new InstanceInfo();
        info.setInstanceId(id);
        info.setVirtualPort("Q");
        info.setEndpointAddress("http://p/" + id);
        info.setState(InstanceState.OPERATIONAL);
        Attribute a = new Attribute();
        a.setName("sd.owner");
        a.setValue(owner);
        info.getAttribute().add(a);
        return info;
    }
}
