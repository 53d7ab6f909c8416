package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.servicedomain.node.policy.TestPolicies.compile;
import static org.servicedomain.node.policy.TestPolicies.user;

import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/** Who may call which port and operation under a policy's packages, and which levels serve them. */
class AccessRulesTest {

    private final CompiledPolicy policy = compile("""
            <policy xmlns="urn:sd:policy:1">
              <serviceLevels>
                <userLevel name="platinum"/>
                <userLevel name="trial"/>
                <supplierLevel name="UBC"/>
                <supplierLevel name="UPM"/>
              </serviceLevels>
              <package name="trialPackage" userLevels="trial">
                <grant virtualPort="StockQuotePortType" operations="getQuote"/>
                <grant virtualPort="TradingPortType" operations="getQuote"/>
              </package>
              <package name="platinumPackage" userLevels="platinum">
                <grant virtualPort="StockQuotePortType"/>
                <grant virtualPort="CreditCheckPortType"/>
                <grant virtualPort="TradingPortType"/>
              </package>
              <serviceMap userLevel="platinum" supplierLevels="UBC"/>
              <serviceMap userLevel="trial" supplierLevels="UPM UBC"/>
              <virtualPort name="StockQuotePortType" anonymous="true"/>
              <virtualPort name="ClosedPortType" anonymous="false"/>
            </policy>
            """);

    @Test
    void aGovernedPortRefusesAUserLevelWithoutAGrant() {
        NodeFault fault = refusal("CreditCheckPortType", "check", user("trial"));

        assertThat(fault.code()).isEqualTo(FaultCode.NotAuthorized);
        assertThat(fault).hasMessageContaining("trial").hasMessageContaining("CreditCheckPortType");
    }

    @Test
    void aGovernedPortAdmitsTheUserLevelsItIsGrantedTo() {
        assertThatCode(() -> check("CreditCheckPortType", "check", user("platinum"))).doesNotThrowAnyException();
        assertThatCode(() -> check("StockQuotePortType", "buy", user("platinum"))).doesNotThrowAnyException();
    }

    @Test
    void aGrantLimitedToSomeOperationsAdmitsOnlyThose() {
        assertThatCode(() -> check("TradingPortType", "getQuote", user("trial"))).doesNotThrowAnyException();

        assertThat(refusal("TradingPortType", "buy", user("trial")).code()).isEqualTo(FaultCode.NotAuthorized);
    }

    @Test
    void aGovernedPortThatAllowsAnonymousCallsIsOpenToEveryUserToo() {
        assertThatCode(() -> check("StockQuotePortType", "buy", user("trial"))).doesNotThrowAnyException();
    }

    @Test
    void aGovernedPortRefusesAnonymousCallersUnlessItAllowsThem() {
        assertThat(refusal("CreditCheckPortType", "check", Caller.ANONYMOUS).code()).isEqualTo(FaultCode.NotAuthorized);

        assertThatCode(() -> check("StockQuotePortType", "buy", Caller.ANONYMOUS)).doesNotThrowAnyException();
    }

    @Test
    void aPortNoPackageGrantsIsOpenUnlessItRefusesAnonymousCallers() {
        assertThatCode(() -> check("WeatherPortType", "forecast", Caller.ANONYMOUS)).doesNotThrowAnyException();
        assertThatCode(() -> check("WeatherPortType", "forecast", user("trial"))).doesNotThrowAnyException();
        assertThatCode(() -> check("ClosedPortType", "any", user("trial"))).doesNotThrowAnyException();

        assertThat(refusal("ClosedPortType", "any", Caller.ANONYMOUS)).hasMessageContaining("session");
    }

    @Test
    void theServiceMapNamesTheSupplierLevelsOfAUserLevel() {
        assertThat(policy.supplierLevelsFor("platinum")).containsExactly("UBC");
        assertThat(policy.supplierLevelsFor("trial")).containsExactlyInAnyOrder("UPM", "UBC");
        assertThat(policy.supplierLevelsFor("unmapped")).as("any level").isNull();
        assertThat(policy.supplierLevelsFor(null)).as("anonymous: any level").isNull();
    }

    private void check(String port, String operation, Caller caller) {
        policy.access().check(port, operation, caller, policy.forPort(port).anonymous());
    }

    private NodeFault refusal(String port, String operation, Caller caller) {
        NodeFault fault = catchThrowableOfType(NodeFault.class, () -> check(port, operation, caller));
        assertThat(fault).as("the call is refused").isNotNull();
        return fault;
    }
}
