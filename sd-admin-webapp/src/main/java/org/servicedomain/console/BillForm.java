package org.servicedomain.console;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * The bill the Bills page asks for: a user or an organisation and a period of whole days in UTC, from
 * {@code from} up to (not including) {@code to}, as {@code sdctl bill} reads dates. Without dates it
 * is the current month.
 *
 * @param subject {@code user} or {@code organisation}
 * @param name the user or organisation; null until one is picked
 * @param from the first day, as typed ({@code 2026-11-01})
 * @param to the day after the last, as typed
 */
public record BillForm(String subject, String name, String from, String to) {

    static final String USER = "user";
    static final String ORGANISATION = "organisation";

    public String getSubject() { return subject; }
    public String getName() { return name; }
    public String getFrom() { return from; }
    public String getTo() { return to; }

    /** The form of {@code request}'s query, the current month's dates (by {@code clock}) where it gives none. */
    static BillForm of(HttpServletRequest request, Clock clock) {
        LocalDate month = LocalDate.now(clock.withZone(ZoneOffset.UTC)).withDayOfMonth(1);
        String from = TaskServlet.parameter(request, "from");
        String to = TaskServlet.parameter(request, "to");
        return new BillForm(ORGANISATION.equals(TaskServlet.parameter(request, "subject")) ? ORGANISATION : USER,
                TaskServlet.parameter(request, "name"), from == null ? month.toString() : from,
                to == null ? month.plusMonths(1).toString() : to);
    }

    /** As {@link #of(HttpServletRequest, Clock)} by the system clock. */
    static BillForm of(HttpServletRequest request) {
        return of(request, Clock.systemUTC());
    }

    public boolean isOrganisation() {
        return ORGANISATION.equals(subject);
    }

    /** Whether a user or organisation was picked, so there is a bill to show. */
    public boolean isAsked() {
        return name != null;
    }

    /** The period's start; IllegalArgumentException, in words for the page, when {@code from} is not a date. */
    Instant fromInstant() {
        return day("From", from);
    }

    /** The period's end (not included); IllegalArgumentException, in words for the page, when {@code to} is not a date. */
    Instant toInstant() {
        return day("To", to);
    }

    private static Instant day(String field, String text) {
        try {
            return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(field + " must be a date such as 2026-12-01, but was " + text, e);
        }
    }

    /** The form as a query string, for the page's download links and for coming back to the page. */
    public String getQuery() {
        return "subject=" + encode(subject) + (name == null ? "" : "&name=" + encode(name)) + "&from=" + encode(from)
                + "&to=" + encode(to);
    }

    /** The name a download is saved under: {@code bill-SUBJECT-NAME-FROM-TO.FORMAT}, with only safe characters. */
    String fileName(String format) {
        String file = "bill-" + subject + "-" + name + "-" + from + "-" + to;
        return file.replaceAll("[^A-Za-z0-9._-]", "_") + "." + format;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
