package org.servicedomain.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.Statistics;

/** The console's pieces without I/O: policy contracts, launch forms, charts, bill forms. */
class ConsoleModelTest {

    private static final String POLICY = """
            <policy xmlns="urn:sd:policy:1">
              <serviceLevels><userLevel name="customer"/></serviceLevels>
              <package name="quotes" userLevels="customer"><grant virtualPort="Quotes" operations="getQuote"/></package>
              <virtualPort name="Open" anonymous="true"/>
            </policy>""";

    @Test
    void aPortNoPackageGrantsIsOpenAndAGrantedOneOnlyToItsLevelAndOperations() {
        assertThat(PolicyContracts.mayUse(POLICY, "customer", "Quotes", "getQuote")).isTrue();
        assertThat(PolicyContracts.mayUse(POLICY, "customer", "Quotes", "buy")).isFalse();
        assertThat(PolicyContracts.mayUse(POLICY, "trial", "Quotes", null)).isFalse();
        assertThat(PolicyContracts.mayUse(POLICY, "trial", "Elsewhere", null)).isTrue();
    }

    @Test
    void newPolicyElementsGoWhereTheSchemaWantsThem() {
        String edited = PolicyContracts.addServiceMap(PolicyContracts.addLevel(POLICY, "userLevel", "trial"), "trial", "Silver");

        PolicyContracts.Contracts contracts = PolicyContracts.read(edited);
        assertThat(contracts.userLevels()).containsExactly("customer", "trial");
        assertThat(edited.indexOf("<serviceMap")).isBetween(edited.indexOf("</package>"), edited.indexOf("<virtualPort"));
        assertThat(PolicyContracts.read(PolicyContracts.removePackage(edited, "quotes")).packages()).isEmpty();
    }

    @Test
    void theFeesOfAPolicyGiveItsCurrencyAndOrganisationsAndAPolicyWithoutFeesHasNone() {
        PolicyContracts.Fees fees = PolicyContracts.fees("""
                <policy xmlns="urn:sd:policy:1"><fees currency="EUR"><fee perCall="0.01"/>
                  <organisation name="acme"><member user="bea"/></organisation>
                  <organisation name="globex"><member user="hank"/></organisation></fees></policy>""");

        assertThat(fees.currency()).isEqualTo("EUR");
        assertThat(fees.organisations()).containsExactly("acme", "globex");
        assertThat(PolicyContracts.fees(POLICY)).isNull();
    }

    @Test
    void aBillFormWithoutDatesAsksForTheCurrentMonthInUtc() {
        // 23:30 on 31 December at UTC-2 is already January in UTC
        Clock newYear = Clock.fixed(Instant.parse("2027-01-01T01:30:00Z"), ZoneOffset.ofHours(-2));
        BillForm form = BillForm.of(new TaskServletHarness(null).param("name", "bea").request, newYear);

        assertThat(form.from()).isEqualTo("2027-01-01");
        assertThat(form.to()).isEqualTo("2027-02-01");
        assertThat(form.isOrganisation()).isFalse();
        assertThat(form.fromInstant()).isEqualTo(Instant.parse("2027-01-01T00:00:00Z"));
    }

    @Test
    void aBillFormSaysWhichDateItCannotReadAndAFileNameKeepsOnlySafeCharacters() {
        BillForm form = new BillForm(BillForm.ORGANISATION, "o'neil & \"sons\"/x", "2026-11-01", "01/12/2026");

        assertThatThrownBy(form::toInstant).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("To must be a date such as 2026-12-01, but was 01/12/2026");
        assertThat(form.fileName("csv")).isEqualTo("bill-organisation-o_neil____sons__x-2026-11-01-01_12_2026.csv");
        assertThat(form.getQuery()).isEqualTo("subject=organisation&name=o%27neil+%26+%22sons%22%2Fx&from=2026-11-01&to=01%2F12%2F2026");
    }

    @Test
    void anInstanceRowShowsTheNodesP95AndADashBeforeAnyAnswer() {
        InstanceInfo answered = instance(40, 12.5);
        InstanceInfo idle = instance(0, 0);

        assertThat(PortStatistics.row(answered).getP95Latency()).isEqualTo(String.format("%.1f", 12.5));
        assertThat(PortStatistics.row(idle).getP95Latency()).isEqualTo("\u2014");
    }

    private static InstanceInfo instance(long requests, double p95) {
        Statistics total = new Statistics();
        total.setRequests(requests);
        total.setP95Ms(p95);
        InstanceInfo info = new InstanceInfo();
        info.setInstanceId("q-1");
        info.setState(InstanceState.OPERATIONAL);
        info.setRequests(requests);
        info.setTotal(total);
        return info;
    }

    @Test
    void aPolicyWithADoctypeIsRefused() {
        assertThatThrownBy(() -> PolicyContracts.read("<!DOCTYPE p [<!ENTITY x \"y\">]><policy xmlns=\"urn:sd:policy:1\"/>"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aLaunchFormHasAFieldPerSimplePartAndEscapesWhatIsTyped() {
        String wsdl = """
                <wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:xs="http://www.w3.org/2001/XMLSchema"
                    xmlns:tns="urn:q" targetNamespace="urn:q">
                  <wsdl:types><xs:schema targetNamespace="urn:q" elementFormDefault="qualified">
                    <xs:element name="getQuote" type="tns:GetQuote"/>
                    <xs:complexType name="GetQuote"><xs:sequence><xs:element name="symbol" type="xs:string"/></xs:sequence></xs:complexType>
                    <xs:element name="order"><xs:complexType><xs:sequence><xs:element name="item" type="tns:GetQuote"/></xs:sequence></xs:complexType></xs:element>
                  </xs:schema></wsdl:types>
                  <wsdl:message name="getQuote"><wsdl:part name="p" element="tns:getQuote"/></wsdl:message>
                  <wsdl:message name="order"><wsdl:part name="p" element="tns:order"/></wsdl:message>
                  <wsdl:portType name="Q">
                    <wsdl:operation name="getQuote"><wsdl:input message="tns:getQuote"/></wsdl:operation>
                    <wsdl:operation name="order"><wsdl:input message="tns:order"/></wsdl:operation>
                  </wsdl:portType>
                </wsdl:definitions>""";

        List<WsdlForms.OperationForm> forms = WsdlForms.of(wsdl);

        assertThat(forms).extracting(WsdlForms.OperationForm::operation).containsExactly("getQuote", "order");
        assertThat(forms.get(0).fields()).containsExactly(new WsdlForms.Field("symbol", "string"));
        assertThat(forms.get(0).payload(List.of("A<&B")))
                .isEqualTo("<q:getQuote xmlns:q=\"urn:q\"><q:symbol>A&lt;&amp;B</q:symbol></q:getQuote>");
        assertThat(forms.get(1).isRaw()).isTrue();
    }

    @Test
    void aChartPointIsTheDifferenceOfTwoSamples() {
        MutableClock clock = new MutableClock();
        ThroughputHistory history = new ThroughputHistory(clock);
        history.sample(List.of(port(10, 2.0)));
        clock.now = clock.now.plusSeconds(5);
        history.sample(List.of(port(20, 3.0)));

        ThroughputHistory.Point point = history.points("Q").get(0);
        assertThat(point.requestsPerSecond()).isEqualTo(2.0);
        assertThat(point.meanLatencyMs()).isEqualTo((20 * 3.0 - 10 * 2.0) / 10);
        assertThat(ChartSeries.json(history.points("Q")))
                .isEqualTo("{\"t\":[1767225605],\"rate\":[2.000],\"latency\":[4.000]}");
    }

    private static PortStatistics.PortRow port(long requests, double meanMs) {
        return new PortStatistics.PortRow("Q", "http://n/sd/services/ports/Q", "http://n/sd/services/ports/Q?wsdl",
                List.of(new PortStatistics.InstanceRow("Q-1", "p", "http://p", "operational", null, null, requests, 0, meanMs, null,
                        "\u2014", "all")),
                List.of(), List.of());
    }

    private static final class MutableClock extends Clock {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
