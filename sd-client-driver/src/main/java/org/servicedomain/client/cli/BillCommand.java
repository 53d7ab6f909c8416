package org.servicedomain.client.cli;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import org.servicedomain.home.v1.Bill;
import org.servicedomain.home.v1.GetBillResponse;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bill NAME --from T [--to T]}: what a user (or with {@code --organisation} an organisation of
 * the policy's fees) owes for a period, as the node's {@code getBill} prices it; {@code --export csv}
 * or {@code json} prints the node's export for a billing system, as does {@code -o json}.
 */
@Command(name = "bill", mixinStandardHelpOptions = true,
        description = {"Shows the bill of a user or an organisation for a period, priced by the active policy's fees.",
                "Line amounts are exact; the total is rounded half-even to the currency's minor unit.",
                "--export csv|json (or -o json) prints the node's export of the bill instead of a table."})
final class BillCommand extends NodeCommand {

    @Parameters(paramLabel = "NAME", description = "The user (or with --organisation, the organisation) to bill.")
    String name;

    @Option(names = "--organisation", description = "NAME is an organisation of the policy's fees, not a user.")
    boolean organisation;

    @Option(names = "--from", required = true, paramLabel = "TIME",
            description = "The period's start, inclusive: an instant (2026-12-01T00:00:00Z) or a date (UTC midnight).")
    String from;

    @Option(names = "--to", paramLabel = "TIME", description = "The period's end, exclusive, as --from (default: now).")
    String to;

    @Option(names = "--export", paramLabel = "FORMAT", description = "csv or json: print the node's export of the bill.")
    String export;

    @Override
    int run() throws Exception {
        if (export != null && !"csv".equalsIgnoreCase(export) && !"json".equalsIgnoreCase(export)) {
            throw usage("--export must be csv or json but was " + export);
        }
        String format = export != null ? export.toLowerCase(java.util.Locale.ROOT) : json() ? "json" : null;
        GetBillResponse response = client().bill(name, organisation, time("--from", from),
                to == null ? Instant.now() : time("--to", to), format);
        if (format != null) {
            out().print(response.getExport());
            if (!response.getExport().endsWith("\n")) {
                out().println();
            }
            out().flush();
            return 0;
        }
        Bill bill = response.getBill();
        out().println("bill of " + bill.getSubject() + " " + bill.getName() + " from " + bill.getFrom() + " to " + bill.getTo());
        Table table = new Table("USER", "PORT", "OPERATION", "FEE", "UNIT PRICE", "CALLS", "AMOUNT");
        bill.getLine().forEach(l -> table.row(l.getUser(), l.getVirtualPort(), l.getOperation(), l.getFee(),
                l.getUnitPrice().toPlainString(), l.getCalls(), l.getAmount().toPlainString()));
        table.print(out());
        out().println("calls " + bill.getCalls() + ", subtotal " + bill.getSubtotal().toPlainString() + " "
                + bill.getCurrency() + ", total " + bill.getTotal().toPlainString() + " " + bill.getCurrency());
        out().println("(" + bill.getRounding() + ")");
        out().flush();
        return 0;
    }

    private Instant time(String option, String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException notAnInstant) {
            try {
                return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
            } catch (DateTimeParseException e) {
                throw usage(option + " must be an instant (2026-12-01T00:00:00Z) or a date (2026-12-01) but was " + text);
            }
        }
    }
}
