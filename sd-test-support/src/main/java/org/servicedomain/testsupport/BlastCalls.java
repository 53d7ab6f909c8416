package org.servicedomain.testsupport;

import java.net.URI;

/** Hand-written BLAST requests for scenario tests on a virtual port. */
public final class BlastCalls {

    public static final String NS = "urn:sd:samples:blast";

    private BlastCalls() {
    }

    /** run(sequence, database) in the session {@code sessionId} (null: anonymously). */
    public static SoapReply run(URI address, String database, String sessionId) {
        return post(address, "run", "<b:run xmlns:b=\"" + NS + "\"><b:sequence>ACGTACGT</b:sequence><b:database>"
                + database + "</b:database></b:run>", sessionId);
    }

    /** runBlue, runGreen or runRed (sequence): an operation that names its database. */
    public static SoapReply runColour(URI address, String operation, String sessionId) {
        return post(address, operation, "<b:" + operation + " xmlns:b=\"" + NS + "\"><b:sequence>ACGTACGT</b:sequence></b:"
                + operation + ">", sessionId);
    }

    /** search(sequence) on a per-database BLAST port type (BlastBluePortType and its siblings). */
    public static SoapReply search(URI address) {
        return post(address, "search", "<b:search xmlns:b=\"" + NS + "\"><b:sequence>ACGTACGT</b:sequence></b:search>", null);
    }

    private static SoapReply post(URI address, String operation, String body, String sessionId) {
        return SoapExchange.post(address, "text/xml; charset=UTF-8", "\"" + NS + "#" + operation + "\"",
                SoapExchange.soap11(SoapExchange.sessionHeader(sessionId), body));
    }

    /** The provider that answered, failing with the whole reply when it is not an answer. */
    public static String servedBy(SoapReply reply) {
        return reply.firstText(NS, "provider").orElseThrow(() ->
                new AssertionError("no provider in the answer: HTTP " + reply.status() + " " + reply.text()));
    }
}
