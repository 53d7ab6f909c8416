package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.URI;
import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetPolicy;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.InvokeOperation;
import org.servicedomain.home.v1.Login;
import org.servicedomain.home.v1.Logout;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.home.v1.VirtualPortInfo;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/** The home port's administrative operations, through a client generated from its WSDL. */
class HomePortTest {

    private static final String VALID_POLICY = """
            <policy xmlns="urn:sd:policy:1">
              <virtualPort name="StockQuotePortType">
                <selection directive="first-available"/>
              </virtualPort>
            </policy>
            """;

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b");

    private HomePortType home;

    @BeforeEach
    void start() {
        home = domain.node().home();
    }

    @Test
    void homePortPublishesItsWsdlWithEveryOperation() {
        SoapReply wsdl = SoapExchange.get(URI.create(domain.node().homeAddress() + "?wsdl"));
        assertThat(wsdl.status()).isEqualTo(200);
        assertThat(wsdl.parse().getDocumentElement().getAttribute("targetNamespace")).isEqualTo("urn:sd:home:1");
        assertThat(wsdl.text()).contains("register", "unregister", "setPolicy", "getPolicy", "setServiceInfo",
                "getServiceInfo", "login", "logout", "invokeOperation");
    }

    @Test
    void registerHonoursEndpointOverrideSupplierLevelsTimeoutAndAttributes() throws Exception {
        SampleProvider a = domain.provider("quote-a");
        Register request = new Register();
        request.setWsdlLocation(a.wsdlAddress().toString());
        request.setEndpointAddress(a.address().toString());
        request.setPortType(new QName(StockQuoteCalls.NS, "StockQuotePortType"));
        request.getSupplierLevel().add("ServerBlue");
        request.getSupplierLevel().add("ServerGreen");
        request.setTimeoutMs(1500L);
        request.getAttribute().add(Registrations.attribute("region", "eu"));

        Registration registration = home.register(request).getRegistration().get(0);
        InstanceInfo info = only(instances(registration.getInstanceId()));

        assertThat(info.getEndpointAddress()).isEqualTo(a.address().toString());
        assertThat(info.getSupplierLevel()).containsExactlyInAnyOrder("ServerBlue", "ServerGreen");
        assertThat(info.getTimeoutMs()).isEqualTo(1500L);
        assertThat(info.getAttribute()).anyMatch(at -> at.getName().equals("region") && at.getValue().equals("eu"));
        assertThat(info.getState()).isEqualTo(InstanceState.OPERATIONAL);
    }

    @Test
    void setServiceInfoReplacesTheSupplierLevelsAndAnEmptyLevelClearsThem() throws Exception {
        Registration registration = Registrations.register(home, domain.provider("quote-a"));
        SetServiceInfo change = new SetServiceInfo();
        change.setInstanceId(registration.getInstanceId());
        change.getSupplierLevel().add("ServerBlue ServerGreen");

        assertThat(home.setServiceInfo(change).getInstance().getSupplierLevel())
                .containsExactlyInAnyOrder("ServerBlue", "ServerGreen");
        assertThat(only(instances(registration.getInstanceId())).getSupplierLevel())
                .containsExactlyInAnyOrder("ServerBlue", "ServerGreen");

        change.getSupplierLevel().clear();
        change.getSupplierLevel().add("");
        assertThat(home.setServiceInfo(change).getInstance().getSupplierLevel()).isEmpty();
    }

    @Test
    void registeringTheSameEndpointTwiceKeepsOneInstance() throws Exception {
        Registration first = Registrations.register(home, domain.provider("quote-a"));
        Registration second = Registrations.register(home, domain.provider("quote-a"));
        assertThat(second.getInstanceId()).isEqualTo(first.getInstanceId());
        assertThat(home.getServiceInfo(new GetServiceInfo()).getInstance()).hasSize(1);
    }

    @Test
    void registeringAnUnreachableWsdlIsRefusedAsWsdlUnreadable() {
        Register request = new Register();
        request.setWsdlLocation("http://127.0.0.1:1/nothing?wsdl");
        HomeFault fault = catchThrowableOfType(HomeFault.class, () -> home.register(request));
        assertThat(fault.getFaultInfo().getCode()).isEqualTo("WsdlUnreadable");
        assertThat(fault.getFaultInfo().getMessage()).contains("127.0.0.1:1");
    }

    @Test
    void registeringANonWsdlDocumentIsRefusedAsWsdlUnreadable() {
        Register request = new Register();
        request.setWsdlLocation(domain.node().homeAddress().toString());
        HomeFault fault = catchThrowableOfType(HomeFault.class, () -> home.register(request));
        assertThat(fault.getFaultInfo().getCode()).isEqualTo("WsdlUnreadable");
    }

    @Test
    void getServiceInfoNarrowsToAVirtualPortOrAnInstance() throws Exception {
        Registration a = Registrations.register(home, domain.provider("quote-a"));
        Registrations.register(home, domain.provider("quote-b"));
        try (SampleProvider credit = SampleProvider.launch(ProviderOptions.of(SampleService.CREDITCHECK, "credit"))) {
            Registrations.register(home, credit);

            GetServiceInfoResponse all = home.getServiceInfo(new GetServiceInfo());
            assertThat(all.getVirtualPort()).extracting(VirtualPortInfo::getName)
                    .containsExactlyInAnyOrder("StockQuotePortType", "CreditCheckPortType");
            assertThat(all.getInstance()).hasSize(3);

            GetServiceInfo byPort = new GetServiceInfo();
            byPort.setVirtualPort("StockQuotePortType");
            GetServiceInfoResponse quotes = home.getServiceInfo(byPort);
            assertThat(quotes.getVirtualPort()).singleElement().satisfies(p -> {
                assertThat(p.getInstanceCount()).isEqualTo(2);
                assertThat(p.getSoapVersion()).isEqualTo("1.1");
                assertThat(p.getWsdlAddress()).isEqualTo(domain.node().virtualPortWsdl("StockQuotePortType").toString());
            });
            assertThat(quotes.getInstance()).hasSize(2);

            assertThat(instances(a.getInstanceId())).singleElement()
                    .satisfies(i -> assertThat(i.getInstanceId()).isEqualTo(a.getInstanceId()));
        }
    }

    @Test
    void getServiceInfoCountsRequestsPerInstance() throws Exception {
        Registration a = Registrations.register(home, domain.provider("quote-a"));
        for (int i = 0; i < 3; i++) {
            StockQuoteCalls.getQuote(domain.node().virtualPortAddress("StockQuotePortType"), "ACME");
        }
        InstanceInfo info = only(instances(a.getInstanceId()));
        assertThat(info.getRequests()).isEqualTo(3);
        assertThat(info.getFailures()).isZero();
        assertThat(info.getMeanLatencyMs()).isPositive();
    }

    @Test
    void setServiceInfoChangesStateTimeoutAndMergesAttributes() throws Exception {
        Registration a = Registrations.register(home, domain.provider("quote-a"));
        SetServiceInfo change = new SetServiceInfo();
        change.setInstanceId(a.getInstanceId());
        change.setState(InstanceState.STANDBY);
        change.setTimeoutMs(2500L);
        change.getAttribute().add(Registrations.attribute("tier", "gold"));
        change.getAttribute().add(Registrations.attribute("name", ""));

        InstanceInfo updated = home.setServiceInfo(change).getInstance();

        assertThat(updated.getState()).isEqualTo(InstanceState.STANDBY);
        assertThat(updated.getTimeoutMs()).isEqualTo(2500L);
        assertThat(updated.getAttribute()).extracting(at -> at.getName() + "=" + at.getValue())
                .containsExactly("sd.wsdlService=StockQuoteService", "tier=gold");
    }

    @Test
    void unregisterRemovesTheInstanceAndUnknownIdsAreRefused() throws Exception {
        Registration a = Registrations.register(home, domain.provider("quote-a"));
        Registrations.register(home, domain.provider("quote-b"));
        Unregister request = new Unregister();
        request.setInstanceId(a.getInstanceId());
        home.unregister(request);

        for (int i = 0; i < 4; i++) {
            SoapReply reply = StockQuoteCalls.getQuote(domain.node().virtualPortAddress("StockQuotePortType"), "ACME");
            assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("quote-b");
        }
        HomeFault fault = catchThrowableOfType(HomeFault.class, () -> home.unregister(request));
        assertThat(fault.getFaultInfo().getCode()).isEqualTo("UnknownInstance");
    }

    @Test
    void setPolicyActivatesAValidPolicyAndGetPolicyReturnsIt() throws Exception {
        Registrations.register(home, domain.provider("quote-a"));
        SetPolicy set = new SetPolicy();
        set.setDocument(VALID_POLICY);
        long version = home.setPolicy(set).getVersion();

        assertThat(version).isEqualTo(1);
        assertThat(home.getPolicy(new GetPolicy()).getDocument()).isEqualTo(VALID_POLICY);
        assertThat(home.getPolicy(new GetPolicy()).getVersion()).isEqualTo(1);
    }

    @Test
    void invalidPolicyIsRefusedWithItsLineAndTheOldPolicyStaysActive() throws Exception {
        Registrations.register(home, domain.provider("quote-a"));
        SetPolicy valid = new SetPolicy();
        valid.setDocument(VALID_POLICY);
        home.setPolicy(valid);
        SetPolicy invalid = new SetPolicy();
        invalid.setDocument("""
                <policy xmlns="urn:sd:policy:1">
                  <virtualPort name="StockQuotePortType">
                    <selection directive="telepathy"/>
                  </virtualPort>
                </policy>
                """);

        HomeFault fault = catchThrowableOfType(HomeFault.class, () -> home.setPolicy(invalid));

        assertThat(fault.getFaultInfo().getCode()).isEqualTo("InvalidPolicy");
        assertThat(fault.getFaultInfo().getMessage()).contains("line 3").contains("telepathy");
        assertThat(home.getPolicy(new GetPolicy()).getDocument()).isEqualTo(VALID_POLICY);
    }

    @Test
    void policyNamingAPortOrOperationTheCatalogLacksIsRefusedWithItsLine() throws Exception {
        Registrations.register(home, domain.provider("quote-a"));
        SetPolicy unknownPort = new SetPolicy();
        unknownPort.setDocument("""
                <policy xmlns="urn:sd:policy:1">
                  <virtualPort name="WeatherPortType"/>
                </policy>
                """);
        SetPolicy unknownOperation = new SetPolicy();
        unknownOperation.setDocument("""
                <policy xmlns="urn:sd:policy:1">
                  <virtualPort name="StockQuotePortType">

                    <rule operation="sell" directive="random"/>
                  </virtualPort>
                </policy>
                """);

        HomeFault port = catchThrowableOfType(HomeFault.class, () -> home.setPolicy(unknownPort));
        HomeFault operation = catchThrowableOfType(HomeFault.class, () -> home.setPolicy(unknownOperation));

        assertThat(port.getFaultInfo().getMessage()).contains("line 2").contains("WeatherPortType");
        assertThat(operation.getFaultInfo().getMessage()).contains("line 4").contains("sell");
    }

    @Test
    void getPolicyReturnsAKeptEarlierVersion() throws Exception {
        Registrations.register(home, domain.provider("quote-a"));
        DomainSetup setup = new DomainSetup(home);
        long first = setup.policy(VALID_POLICY);
        setup.policy(VALID_POLICY.replace("first-available", "random"));
        GetPolicy earlier = new GetPolicy();
        earlier.setVersion(first);

        assertThat(home.getPolicy(earlier).getDocument()).isEqualTo(VALID_POLICY);
        assertThat(home.getPolicy(new GetPolicy()).getDocument()).contains("random");
    }

    @Test
    void invokeOperationCallsAVirtualPortThroughTheHomePort() throws Exception {
        Registrations.register(home, domain.provider("quote-a"));
        InvokeOperation call = new InvokeOperation();
        call.setVirtualPort("StockQuotePortType");
        call.setOperation("getQuote");
        call.setPayload(StockQuoteCalls.getQuoteBody("ACME"));

        String answer = home.invokeOperation(call).getPayload();

        assertThat(answer).contains("getQuoteResponse").contains("<provider>quote-a</provider>");
        call.setOperation("buy");
        HomeFault mismatch = catchThrowableOfType(HomeFault.class, () -> home.invokeOperation(call));
        assertThat(mismatch.getFaultInfo().getCode()).isEqualTo("BadRequest");
    }

    @Test
    void policySurvivesARestart() throws Exception {
        Registrations.register(home, domain.provider("quote-a"));
        SetPolicy set = new SetPolicy();
        set.setDocument(VALID_POLICY);
        home.setPolicy(set);
        domain.node().restart();
        assertThat(domain.node().home().getPolicy(new GetPolicy()).getDocument()).isEqualTo(VALID_POLICY);
    }

    @Test
    void loginWithAWrongPasswordOrAnUnknownUserIsNotAuthorizedAlike() throws Exception {
        new DomainSetup(home).user("joe", "right-password", "trial");
        Login wrong = new Login();
        wrong.setUser("joe");
        wrong.setPassword("wrong-password");
        Login unknown = new Login();
        unknown.setUser("nobody");
        unknown.setPassword("right-password");

        HomeFault wrongFault = catchThrowableOfType(HomeFault.class, () -> home.login(wrong));
        HomeFault unknownFault = catchThrowableOfType(HomeFault.class, () -> home.login(unknown));

        assertThat(wrongFault.getFaultInfo().getCode()).isEqualTo("NotAuthorized");
        assertThat(unknownFault.getFaultInfo().getMessage()).isEqualTo(wrongFault.getFaultInfo().getMessage());
    }

    @Test
    void aSessionServesVirtualPortCallsUntilLogout() throws Exception {
        Registrations.register(home, domain.provider("quote-a"));
        DomainSetup setup = new DomainSetup(home).user("joe", "secret", "trial");
        String session = setup.login("joe", "secret");
        URI port = domain.node().virtualPortAddress("StockQuotePortType");

        assertThat(StockQuoteCalls.getQuote(port, "ACME", session).status()).isEqualTo(200);
        Logout logout = new Logout();
        logout.setSessionId(session);
        home.logout(logout);

        SoapReply afterLogout = StockQuoteCalls.getQuote(port, "ACME", session);
        assertThat(afterLogout.faultCode()).contains("NotAuthorized");
        assertThat(afterLogout.text()).doesNotContain(session);
    }

    private List<InstanceInfo> instances(String instanceId) throws HomeFault {
        GetServiceInfo request = new GetServiceInfo();
        request.setInstanceId(instanceId);
        return home.getServiceInfo(request).getInstance();
    }

    private static InstanceInfo only(List<InstanceInfo> instances) {
        assertThat(instances).hasSize(1);
        return instances.get(0);
    }
}
