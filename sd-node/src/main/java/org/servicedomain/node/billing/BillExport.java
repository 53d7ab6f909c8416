package org.servicedomain.node.billing;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.List;

/**
 * A bill as a third-party billing system takes it: CSV (RFC 4180, one row per line and a last
 * row {@code total}) or JSON. Amounts are written as plain decimals, never in exponent form.
 */
public final class BillExport {

    /** The formats a bill can be exported in, by the word the home port and sdctl use. */
    public enum Format {
        CSV, JSON;

        /** The format named {@code word} (any case); IllegalArgumentException naming the known ones otherwise. */
        public static Format named(String word) {
            for (Format f : values()) {
                if (f.name().equalsIgnoreCase(word)) {
                    return f;
                }
            }
            throw new IllegalArgumentException("unknown bill format '" + word + "'; known: csv, json");
        }
    }

    static final String CSV_HEADER = "subject,name,from,to,currency,user,virtualPort,operation,fee,unitPrice,calls,amount";

    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

    private BillExport() {
    }

    /** {@code bill} in {@code format}. */
    public static String of(Bill bill, Format format) {
        return format == Format.CSV ? csv(bill) : json(bill);
    }

    /** One row per line, then the row {@code total} with every call and the rounded total; CRLF line ends. */
    public static String csv(Bill bill) {
        StringBuilder out = new StringBuilder(CSV_HEADER).append("\r\n");
        for (BillLine line : bill.lines()) {
            row(out, bill, line.user(), line.virtualPort(), line.operation(), line.fee(), plain(line.unitPrice()),
                    Long.toString(line.calls()), plain(line.amount()));
        }
        row(out, bill, "", "", "", "total", "", Long.toString(bill.calls()), plain(bill.total()));
        return out.toString();
    }

    private record JsonBill(String subject, String name, String from, String to, String currency, List<BillLine> lines,
            long calls, BigDecimal subtotal, BigDecimal total, String rounding) {
    }

    /** The bill as one JSON object, its lines an array, amounts as JSON numbers in plain notation. */
    public static String json(Bill bill) {
        try {
            return JSON.writeValueAsString(new JsonBill(bill.subject(), bill.name(), bill.from().toString(), bill.to().toString(),
                    bill.currency(), bill.lines(), bill.calls(), bill.subtotal(), bill.total(), bill.rounding()));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("could not write a bill as JSON", e);
        }
    }

    private static void row(StringBuilder out, Bill bill, String... cells) {
        out.append(field(bill.subject())).append(',').append(field(bill.name())).append(',').append(bill.from())
                .append(',').append(bill.to()).append(',').append(bill.currency());
        for (String cell : cells) {
            out.append(',').append(field(cell));
        }
        out.append("\r\n");
    }

    /** A CSV field, quoted (inner quotes doubled) when it holds a comma, a quote or a line break. */
    static String field(String value) {
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }

    private static String plain(BigDecimal amount) {
        return amount.toPlainString();
    }
}
