package org.servicedomain.node.entry.home;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import javax.xml.datatype.DatatypeConstants;
import javax.xml.datatype.XMLGregorianCalendar;
import org.servicedomain.home.v1.GetBill;
import org.servicedomain.home.v1.GetBillResponse;
import org.servicedomain.node.billing.Bill;
import org.servicedomain.node.billing.BillCalculator;
import org.servicedomain.node.billing.BillExport;
import org.servicedomain.node.billing.BillLine;
import org.servicedomain.node.billing.FeeSchedule;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.engine.monitor.Metering;
import org.servicedomain.node.engine.monitor.MeteringRecords;
import org.servicedomain.node.policy.ActivePolicy;

/**
 * The home port's {@code getBill}: prices the node's metering records of a period with the active
 * policy's fees, for a user or an organisation, optionally exported as CSV or JSON.
 */
final class HomeBill {

    /** The longest period a bill may cover: a year and a day, more than the metering files are kept. */
    static final Duration MAX_PERIOD = Duration.ofDays(367);

    private final ActivePolicy policy;
    private final Path dataDir;

    /** @param dataDir where the node keeps its metering records */
    HomeBill(ActivePolicy policy, Path dataDir) {
        this.policy = policy;
        this.dataDir = dataDir;
    }

    /** The bill asked for; {@code onlyUser} null for an administrator, else the one user whose bill the caller may see. */
    GetBillResponse bill(GetBill request, String onlyUser) {
        String user = HomeArguments.blankToNull(request.getUser());
        String organisation = HomeArguments.blankToNull(request.getOrganisation());
        if ((user == null) == (organisation == null)) {
            throw new NodeFault(FaultCode.BadRequest, "name either a user or an organisation to bill");
        }
        if (onlyUser != null && !onlyUser.equals(user)) {
            throw new NodeFault(FaultCode.NotAuthorized, "only an administrator may ask for the bill of "
                    + (user == null ? "an organisation" : "another user"));
        }
        Instant from = instant(request.getFrom(), "from");
        Instant to = instant(request.getTo(), "to");
        if (!from.isBefore(to) || Duration.between(from, to).compareTo(MAX_PERIOD) > 0) {
            throw new NodeFault(FaultCode.BadRequest, "the period must end after it starts and last at most "
                    + MAX_PERIOD.toDays() + " days, but was " + from + " to " + to);
        }
        BillExport.Format format = request.getFormat() == null || request.getFormat().isBlank() ? null
                : BillExport.Format.named(request.getFormat().trim());
        FeeSchedule fees = policy.current().fees();
        if (!fees.isSet()) {
            throw new NodeFault(FaultCode.BadRequest, "the active policy sets no fees: add a fees element (docs/policy.md) to bill calls");
        }
        BillCalculator calculator = new BillCalculator(fees);
        Bill bill;
        try (Stream<Metering.Record> records = MeteringRecords.between(dataDir, from, to)) {
            bill = user != null ? calculator.ofUser(user, from, to, records)
                    : calculator.ofOrganisation(organisation, from, to, records);
        } catch (UncheckedIOException e) {
            throw new NodeFault(FaultCode.InternalError, "the node could not read its metering records: "
                    + e.getCause().getMessage(), e);
        }
        GetBillResponse response = new GetBillResponse();
        response.setBill(view(bill));
        if (format != null) {
            response.setExport(BillExport.of(bill, format));
        }
        return response;
    }

    private static Instant instant(XMLGregorianCalendar time, String name) {
        if (time == null) {
            throw new NodeFault(FaultCode.BadRequest, name + " is required");
        }
        if (time.getTimezone() == DatatypeConstants.FIELD_UNDEFINED) {
            throw new NodeFault(FaultCode.BadRequest, name + " needs a time zone (Z or +hh:mm) but was " + time);
        }
        return time.toGregorianCalendar().toInstant();
    }

    private static org.servicedomain.home.v1.Bill view(Bill bill) {
        org.servicedomain.home.v1.Bill out = new org.servicedomain.home.v1.Bill();
        out.setSubject(bill.subject());
        out.setName(bill.name());
        out.setFrom(StatisticsView.time(bill.from()));
        out.setTo(StatisticsView.time(bill.to()));
        out.setCurrency(bill.currency());
        for (BillLine line : bill.lines()) {
            org.servicedomain.home.v1.BillLine l = new org.servicedomain.home.v1.BillLine();
            l.setUser(line.user());
            l.setVirtualPort(line.virtualPort());
            l.setOperation(line.operation());
            l.setFee(line.fee());
            l.setUnitPrice(line.unitPrice());
            l.setCalls(line.calls());
            l.setAmount(line.amount());
            out.getLine().add(l);
        }
        out.setCalls(bill.calls());
        out.setSubtotal(bill.subtotal());
        out.setTotal(bill.total());
        out.setRounding(bill.rounding());
        return out;
    }
}
