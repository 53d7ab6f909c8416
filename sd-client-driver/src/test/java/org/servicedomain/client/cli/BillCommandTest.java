package org.servicedomain.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.Bill;
import org.servicedomain.home.v1.BillLine;

/** {@code bill}: the period it asks the node to price, its table with exact amounts, and the node's exports as given. */
class BillCommandTest {

    @RegisterExtension
    final CannedSdctl sdctl = new CannedSdctl();
    private final CannedNode node = sdctl.node();

    @Test
    void theBillIsATableOfItsLinesWithExactAmountsThenItsCallsSubtotalAndRoundedTotal() {
        node.bill.setBill(bill());

        CannedSdctl.Result result = sdctl.run("bill", "bea", "--from", "2026-11-01T00:00:00Z", "--to", "2026-12-01T00:00:00Z");

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.lines()).hasSize(6);
        assertThat(result.lines().get(0)).isEqualTo("bill of user bea from 2026-11-01T00:00:00Z to 2026-12-01T00:00:00Z");
        assertThat(result.lines().get(1)).matches("USER +PORT +OPERATION +FEE +UNIT PRICE +CALLS +AMOUNT");
        assertThat(result.lines().get(2)).matches("bea +Quotes +GetQuote +per-call +0\\.0010 +3 +0\\.0030");
        assertThat(result.lines().get(3)).as("no exponent in an amount").matches("bea +Orders +Buy +flat +100 +1 +100");
        assertThat(result.lines().get(4)).isEqualTo("calls 4, subtotal 100.0030 EUR, total 100.00 EUR");
        assertThat(result.lines().get(5)).isEqualTo("(half-even to 0.01)");
    }

    @Test
    void aDateStartsAtMidnightUtcAndTheEndIsNowWhenNotGiven() {
        node.bill.setBill(bill());
        Instant before = Instant.now();

        sdctl.run("bill", "acme", "--organisation", "--from", "2026-11-01");

        String[] asked = node.asked.get(0).split(" ");
        assertThat(asked).startsWith("bill", "acme", "true", "2026-11-01T00:00:00Z");
        assertThat(Instant.parse(asked[4])).isBetween(before, Instant.now());
        assertThat(asked[5]).as("no export asked").isEqualTo("null");
    }

    @Test
    void anExportIsPrintedAsTheNodeGaveItEndedByANewline() {
        node.bill.setExport("user,port,amount\nbea,Quotes,0.0030");

        CannedSdctl.Result csv = sdctl.run("bill", "bea", "--from", "2026-11-01", "--export", "CSV");

        assertThat(csv.out()).isEqualTo("user,port,amount\nbea,Quotes,0.0030\n");
        assertThat(node.asked.get(0)).endsWith(" csv");
    }

    @Test
    void jsonOutputIsTheNodesJsonExport() {
        node.bill.setExport("{\"total\":\"100.00\"}\n");

        CannedSdctl.Result json = sdctl.run("-o", "json", "bill", "bea", "--from", "2026-11-01");

        assertThat(json.out()).isEqualTo("{\"total\":\"100.00\"}\n");
        assertThat(node.asked.get(0)).endsWith(" json");
    }

    private static Bill bill() {
        Bill bill = new Bill();
        bill.setSubject("user");
        bill.setName("bea");
        bill.setFrom(CannedNode.xmlTime(Instant.parse("2026-11-01T00:00:00Z")));
        bill.setTo(CannedNode.xmlTime(Instant.parse("2026-12-01T00:00:00Z")));
        bill.setCurrency("EUR");
        bill.getLine().add(line("Quotes", "GetQuote", "per-call", new BigDecimal("0.0010"), 3, new BigDecimal("0.0030")));
        bill.getLine().add(line("Orders", "Buy", "flat", new BigDecimal("1E+2"), 1, new BigDecimal("1E+2")));
        bill.setCalls(4);
        bill.setSubtotal(new BigDecimal("100.0030"));
        bill.setTotal(new BigDecimal("100.00"));
        bill.setRounding("half-even to 0.01");
        return bill;
    }

    private static BillLine line(String port, String operation, String fee, BigDecimal unitPrice, long calls, BigDecimal amount) {
        BillLine line = new BillLine();
        line.setUser("bea");
        line.setVirtualPort(port);
        line.setOperation(operation);
        line.setFee(fee);
        line.setUnitPrice(unitPrice);
        line.setCalls(calls);
        line.setAmount(amount);
        return line;
    }
}
