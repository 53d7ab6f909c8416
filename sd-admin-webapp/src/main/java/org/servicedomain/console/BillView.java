package org.servicedomain.console;

import java.util.List;
import org.servicedomain.home.v1.Bill;

/**
 * A bill as the Bills page shows it: the node's figures, amounts written as plain decimals
 * ({@code 0.0000001}, never {@code 1E-7}), times as the node gave them.
 */
public record BillView(String subject, String name, String from, String to, String currency, List<Line> lines, long calls,
        String subtotal, String total, String rounding) {

    public String getSubject() { return subject; }
    public String getName() { return name; }
    public String getFrom() { return from; }
    public String getTo() { return to; }
    public String getCurrency() { return currency; }
    public List<Line> getLines() { return lines; }
    public long getCalls() { return calls; }
    public String getSubtotal() { return subtotal; }
    public String getTotal() { return total; }
    public String getRounding() { return rounding; }

    /** One line: a user's calls of one operation priced by one fee. */
    public record Line(String user, String virtualPort, String operation, String fee, String unitPrice, long calls, String amount) {
        public String getUser() { return user; }
        public String getVirtualPort() { return virtualPort; }
        public String getOperation() { return operation; }
        public String getFee() { return fee; }
        public String getUnitPrice() { return unitPrice; }
        public long getCalls() { return calls; }
        public String getAmount() { return amount; }
    }

    static BillView of(Bill bill) {
        List<Line> lines = bill.getLine().stream().map(l -> new Line(l.getUser(), l.getVirtualPort(), l.getOperation(), l.getFee(),
                l.getUnitPrice().toPlainString(), l.getCalls(), l.getAmount().toPlainString())).toList();
        return new BillView(bill.getSubject(), bill.getName(), bill.getFrom().toXMLFormat(), bill.getTo().toXMLFormat(),
                bill.getCurrency(), lines, bill.getCalls(), bill.getSubtotal().toPlainString(), bill.getTotal().toPlainString(),
                bill.getRounding());
    }
}
