package org.servicedomain.node.billing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A bill exported for a third-party billing system: CSV by RFC 4180 and JSON, amounts exact and in plain notation. */
class BillExportTest {

    private static final Bill BILL = new Bill(Bill.ORGANISATION, "acme", Instant.parse("2026-12-01T00:00:00Z"),
            Instant.parse("2026-12-08T00:00:00Z"), "EUR", List.of(
                    new BillLine("bea", "BlastPortType", "runBlue", "virtualPort=BlastPortType operation=runBlue",
                            new BigDecimal("0.0375"), 3, new BigDecimal("0.1125")),
                    new BillLine("o'neil, \"jr\"", "BlastPortType", "run", "default", new BigDecimal("1E-7"), 2,
                            new BigDecimal("2E-7"))),
            5, new BigDecimal("0.1125002"), new BigDecimal("0.11"));

    @Test
    void csvHasAHeaderOneRowPerLineAndATotalRow() {
        assertThat(BillExport.csv(BILL)).isEqualTo(
                "subject,name,from,to,currency,user,virtualPort,operation,fee,unitPrice,calls,amount\r\n"
                + "organisation,acme,2026-12-01T00:00:00Z,2026-12-08T00:00:00Z,EUR,bea,BlastPortType,runBlue,"
                + "virtualPort=BlastPortType operation=runBlue,0.0375,3,0.1125\r\n"
                + "organisation,acme,2026-12-01T00:00:00Z,2026-12-08T00:00:00Z,EUR,\"o'neil, \"\"jr\"\"\",BlastPortType,run,"
                + "default,0.0000001,2,0.0000002\r\n"
                + "organisation,acme,2026-12-01T00:00:00Z,2026-12-08T00:00:00Z,EUR,,,,total,,5,0.11\r\n");
    }

    @Test
    void jsonHoldsEveryLineAndTheAmountsAsPlainDecimals() throws Exception {
        String json = BillExport.json(BILL);
        JsonNode bill = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).readTree(json);

        assertThat(json).doesNotContain("E-7");
        assertThat(bill.get("subject").asText()).isEqualTo("organisation");
        assertThat(bill.get("name").asText()).isEqualTo("acme");
        assertThat(bill.get("from").asText()).isEqualTo("2026-12-01T00:00:00Z");
        assertThat(bill.get("currency").asText()).isEqualTo("EUR");
        assertThat(bill.get("lines")).hasSize(2);
        assertThat(bill.get("lines").get(0).get("amount").decimalValue()).isEqualTo(new BigDecimal("0.1125"));
        assertThat(bill.get("lines").get(1).get("user").asText()).isEqualTo("o'neil, \"jr\"");
        assertThat(bill.get("subtotal").decimalValue()).isEqualByComparingTo("0.1125002");
        assertThat(bill.get("total").decimalValue()).isEqualTo(new BigDecimal("0.11"));
        assertThat(bill.get("rounding").asText()).contains("half-even").contains("2 decimal places");
    }

    @Test
    void aFormatIsNamedInAnyCaseAndAnUnknownOneIsRefused() {
        assertThat(BillExport.Format.named("CSV")).isEqualTo(BillExport.Format.CSV);
        assertThat(BillExport.Format.named("json")).isEqualTo(BillExport.Format.JSON);
        assertThatThrownBy(() -> BillExport.Format.named("xlsx")).hasMessageContaining("unknown bill format 'xlsx'");
    }
}
