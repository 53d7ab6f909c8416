package org.servicedomain.it.billing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.Bill;
import org.servicedomain.home.v1.BillLine;
import org.servicedomain.home.v1.GetBillResponse;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.testsupport.BlastCalls;
import org.servicedomain.testsupport.MeteredRecords;
import org.servicedomain.testsupport.MovableClock;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Resources;
import org.servicedomain.testsupport.SdctlRun;
import org.servicedomain.testsupport.SoapReply;

/**
 * Bills from a real node's metering records, priced by the fees of samples/policies/fees-and-bills.xml
 * (any call 0.01 EUR, gold 0.0125, answered by a ServerGreen server 0.015, runBlue 0.05, runBlue for
 * gold 0.0375, run at Paris peak 0.02), asked for through the home port and sdctl and compared with
 * amounts worked out by hand.
 */
class BillingTest {

    private static final ZoneId PARIS = ZoneId.of("Europe/Paris");
    /** Monday 30 November 2026, 10:00 in Paris: peak. */
    private static final Instant PEAK = ZonedDateTime.of(2026, 11, 30, 10, 0, 0, 0, PARIS).toInstant();
    /** The same day, 18:00 in Paris: off-peak. */
    private static final Instant OFF_PEAK = ZonedDateTime.of(2026, 11, 30, 18, 0, 0, 0, PARIS).toInstant();
    private static final Instant FROM = Instant.parse("2026-11-30T00:00:00Z");
    private static final Instant TO = Instant.parse("2026-12-01T00:00:00Z");
    /** Tuesday 1 December 2026, 18:00 in Paris: off-peak, the day after the calls of every test. */
    private static final Instant TUESDAY_EVENING = ZonedDateTime.of(2026, 12, 1, 18, 0, 0, 0, PARIS).toInstant();
    /** Every call below, billed or not, each one metering record. */
    private static final int CALLS = 11;

    private final MovableClock clock = new MovableClock(PEAK);

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet().configured(config -> config.clock(clock));

    private NodeClient administrator;
    /** BLAST server A, holding database1, in supplier level ServerBlue. */
    private Registration serverA;

    @BeforeEach
    void twoUsersCallBlastAtPeakAndOffPeak() throws Exception {
        serverA = domain.blastServer("A", "ServerBlue", "database1");
        domain.setup().policy(Resources.text("policies/fees-and-bills.xml"));
        domain.setup().user("bea", "bea-pw", "gold").user("gus", "gus-pw", "basic");

        String bea = domain.setup().login("bea", "bea-pw");
        String gus = domain.setup().login("gus", "gus-pw");
        answered(3, () -> BlastCalls.runColour(port(), "runBlue", bea));
        answered(2, () -> BlastCalls.run(port(), "database1", bea));
        answered(1, () -> BlastCalls.runColour(port(), "runBlue", gus));
        answered(1, () -> BlastCalls.run(port(), "database1", null));

        clock.set(OFF_PEAK);
        String beaLater = domain.setup().login("bea", "bea-pw");
        String gusLater = domain.setup().login("gus", "gus-pw");
        answered(1, () -> BlastCalls.run(port(), "database1", beaLater));
        answered(3, () -> BlastCalls.run(port(), "database1", gusLater));

        await().atMost(Duration.ofSeconds(10)).until(() -> MeteredRecords.count(domain.dataDir()) == CALLS);
        NodeClient.connect(domain.node().baseUri())
                .setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        administrator = signedIn("root", "root-pw");
    }

    /** A client of the home port in a new session of {@code user} (sessions end when the clock moves a day on). */
    private NodeClient signedIn(String user, String password) {
        NodeClient anonymous = NodeClient.connect(domain.node().baseUri());
        return anonymous.withSession(anonymous.login(user, password).sessionId());
    }

    @Test
    void theHomePortBillsEachUserTheAmountWorkedOutByHandFromTheSampleFees() {
        Bill bea = administrator.bill("bea", false, FROM, TO, null).getBill();
        Bill gus = administrator.bill("gus", false, FROM, TO, null).getBill();

        // bea (gold): run at peak 2 x 0.02 = 0.04, run off-peak 1 x 0.0125 = 0.0125, runBlue 3 x 0.0375 = 0.1125;
        // 0.1650 rounds half-even to 0.16
        assertThat(bea.getLine()).extracting(BillLine::getOperation, BillLine::getCalls, l -> l.getAmount().toPlainString())
                .containsExactly(
                        tuple("run", 1L, "0.0125"),
                        tuple("run", 2L, "0.04"),
                        tuple("runBlue", 3L, "0.1125"));
        assertThat(bea.getSubtotal()).isEqualByComparingTo("0.1650");
        assertThat(bea.getTotal()).isEqualTo(new BigDecimal("0.16"));
        assertThat(bea.getCurrency()).isEqualTo("EUR");
        // gus (basic): runBlue 1 x 0.05, run off-peak 3 x 0.01 = 0.03; 0.08
        assertThat(gus.getCalls()).isEqualTo(4);
        assertThat(gus.getTotal()).isEqualTo(new BigDecimal("0.08"));
    }

    @Test
    void theOrganisationsBillAddsUpItsUsersAndIsExportedAsCsvAndJson() throws Exception {
        GetBillResponse csv = administrator.bill("acme", true, FROM, TO, "csv");
        GetBillResponse json = administrator.bill("acme", true, FROM, TO, "json");

        // 0.1650 + 0.08 = 0.2450, rounded half-even: 0.24; the anonymous call is nobody's
        assertThat(csv.getBill().getCalls()).isEqualTo(10);
        assertThat(csv.getBill().getTotal()).isEqualTo(new BigDecimal("0.24"));
        assertThat(csv.getExport()).startsWith("subject,name,from,to,currency,user,virtualPort,operation,fee,unitPrice,calls,amount\r\n")
                .contains("organisation,acme,2026-11-30T00:00:00Z,2026-12-01T00:00:00Z,EUR,gus,BlastPortType,runBlue,"
                        + "virtualPort=BlastPortType operation=runBlue,0.05,1,0.05\r\n")
                .endsWith(",total,,10,0.24\r\n");
        JsonNode exported = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).readTree(json.getExport());
        assertThat(exported.get("subtotal").decimalValue()).isEqualByComparingTo("0.2450");
        assertThat(exported.get("total").decimalValue()).isEqualTo(new BigDecimal("0.24"));
        assertThat(exported.get("lines")).hasSize(5);
    }

    @Test
    void aCallIsPricedByTheSupplierLevelItsServerHadWhenItAnsweredSoLinesDifferByLevel() throws Exception {
        clock.set(TUESDAY_EVENING);
        administrator = signedIn("root", "root-pw");
        String gus = domain.setup().login("gus", "gus-pw");
        answeredBy("A", 2, () -> BlastCalls.run(port(), "database1", gus));
        Registration serverB = administrator.register(domain.blastProvider("B", "database1").wsdlAddress().toString(),
                "ServerGreen", null, Map.of()).get(0);
        administrator.unregister(serverA.getInstanceId());
        answeredBy("B", 3, () -> BlastCalls.run(port(), "database1", gus));
        administrator.setServiceInfo(serverB.getInstanceId(), null, null, Map.of(), "ServerBlue");
        answeredBy("B", 1, () -> BlastCalls.run(port(), "database1", gus));
        await().atMost(Duration.ofSeconds(10)).until(() -> MeteredRecords.count(domain.dataDir()) == CALLS + 6);

        Bill bill = administrator.bill("gus", false, TO, TO.plus(Duration.ofDays(1)), null).getBill();

        // by hand: the 2 calls A answered in ServerBlue and the 1 B answered once moved there, default
        // 3 x 0.01 = 0.03; the 3 calls B answered in ServerGreen 3 x 0.015 = 0.045; 0.075 rounds half-even to 0.08
        assertThat(bill.getLine()).extracting(BillLine::getFee, BillLine::getUnitPrice, BillLine::getCalls,
                l -> l.getAmount().toPlainString()).containsExactly(
                        tuple("default", new BigDecimal("0.01"), 3L, "0.03"),
                        tuple("supplierLevel=ServerGreen", new BigDecimal("0.015"), 3L, "0.045"));
        assertThat(bill.getSubtotal()).isEqualByComparingTo("0.075");
        assertThat(bill.getTotal()).isEqualTo(new BigDecimal("0.08"));
    }

    @Test
    void aUserMayAskForTheirOwnBillButNotForAnothers() {
        NodeClient bea = signedIn("bea", "bea-pw");

        assertThat(bea.bill("bea", false, FROM, TO, null).getBill().getTotal()).isEqualTo(new BigDecimal("0.16"));
        assertThat(catchThrowableOfType(NodeClientException.class, () -> bea.bill("gus", false, FROM, TO, null)).code())
                .isEqualTo("NotAuthorized");
        assertThat(catchThrowableOfType(NodeClientException.class, () -> bea.bill("acme", true, FROM, TO, null)).code())
                .isEqualTo("NotAuthorized");
    }

    @Test
    void aBadPeriodAnUnknownOrganisationOrFormatIsABadRequest() {
        assertThat(catchThrowableOfType(NodeClientException.class, () -> administrator.bill("bea", false, TO, FROM, null))
                .getMessage()).contains("must end after it starts");
        assertThat(catchThrowableOfType(NodeClientException.class, () -> administrator.bill("globex", true, FROM, TO, null))
                .code()).isEqualTo("BadRequest");
        assertThat(catchThrowableOfType(NodeClientException.class, () -> administrator.bill("bea", false, FROM, TO, "xlsx"))
                .getMessage()).contains("unknown bill format 'xlsx'");
    }

    @Test
    void sdctlPrintsTheBillAndTheNodesCsvExport() {
        SdctlRun sdctl = SdctlRun.inTemporaryConfig();
        String node = domain.node().baseUri().toString();
        assertThat(sdctl.runWithInput("root-pw\n", "--node", node, "--user", "root", "login").exitCode()).isZero();

        SdctlRun.Result table = sdctl.run("bill", "bea", "--from", "2026-11-30", "--to", "2026-12-01");
        SdctlRun.Result csv = sdctl.run("bill", "--organisation", "acme", "--from", "2026-11-30T00:00:00Z",
                "--to", "2026-12-01T00:00:00Z", "--export", "csv");

        assertThat(table.exitCode()).as(table.toString()).isZero();
        assertThat(table.out()).contains("runBlue").contains("0.1125").contains("total 0.16 EUR");
        assertThat(csv.exitCode()).as(csv.toString()).isZero();
        assertThat(csv.out()).endsWith(",total,,10,0.24\r\n");
    }

    private URI port() {
        return domain.node().virtualPortAddress("BlastPortType");
    }

    /** Makes {@code call} {@code times} times, each answered by BLAST server {@code server}. */
    private static void answeredBy(String server, int times, Supplier<SoapReply> call) {
        for (int i = 0; i < times; i++) {
            assertThat(BlastCalls.servedBy(call.get())).isEqualTo(server);
        }
    }

    private static void answered(int times, Supplier<SoapReply> call) {
        for (int i = 0; i < times; i++) {
            SoapReply reply = call.get();
            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        }
    }
}
