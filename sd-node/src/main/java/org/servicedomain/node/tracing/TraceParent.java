package org.servicedomain.node.tracing;

import java.util.HexFormat;

/**
 * A W3C Trace Context {@code traceparent} (level 1), read strictly: a header that does not follow
 * the specification to the letter is not a trace to join, so the node starts a new one instead.
 *
 * @param traceId 32 lowercase hex digits, not all zero
 * @param parentId 16 lowercase hex digits, not all zero: the caller's span
 * @param sampled whether the caller may have recorded its span (flag bit 0)
 */
public record TraceParent(String traceId, String parentId, boolean sampled) {

    /** The header a trace arrives and leaves in. */
    public static final String HEADER = "traceparent";
    /** The header of vendor-specific trace data, forwarded unchanged with a valid {@link #HEADER}. */
    public static final String STATE_HEADER = "tracestate";

    static final int LENGTH = 55;
    private static final String INVALID_TRACE_ID = "0".repeat(32);
    private static final String INVALID_SPAN_ID = "0".repeat(16);
    private static final HexFormat HEX = HexFormat.of();

    /**
     * The trace in {@code header}, or null when there is none or it is invalid: a version other
     * than two lowercase hex digits or {@code ff}, a version-00 header of another length than 55,
     * a later version not continued by {@code -}, fields not lowercase hex, an all-zero id.
     */
    public static TraceParent parse(String header) {
        if (header == null || header.length() < LENGTH) {
            return null;
        }
        if (!lowerHex(header, 0, 2) || header.startsWith("ff")) {
            return null;
        }
        boolean version00 = header.charAt(0) == '0' && header.charAt(1) == '0';
        if (version00 ? header.length() != LENGTH : header.length() > LENGTH && header.charAt(LENGTH) != '-') {
            return null;
        }
        if (header.charAt(2) != '-' || header.charAt(35) != '-' || header.charAt(52) != '-'
                || !lowerHex(header, 3, 35) || !lowerHex(header, 36, 52) || !lowerHex(header, 53, 55)) {
            return null;
        }
        String traceId = header.substring(3, 35);
        String parentId = header.substring(36, 52);
        if (traceId.equals(INVALID_TRACE_ID) || parentId.equals(INVALID_SPAN_ID)) {
            return null;
        }
        return new TraceParent(traceId, parentId, (HEX.fromHexDigits(header, 53, 55) & 1) != 0);
    }

    /** The version-00 header for span {@code spanId} of trace {@code traceId}. */
    public static String format(String traceId, String spanId, boolean sampled) {
        return "00-" + traceId + '-' + spanId + (sampled ? "-01" : "-00");
    }

    /** {@code tracestate} as it may be forwarded: printable ASCII of a sane length, else null (dropped). */
    static String forwardableState(String tracestate) {
        if (tracestate == null || tracestate.isEmpty() || tracestate.length() > 8192) {
            return null;
        }
        for (int i = 0; i < tracestate.length(); i++) {
            char c = tracestate.charAt(i);
            if (c < 0x20 && c != '\t' || c > 0x7e) {
                return null;
            }
        }
        return tracestate;
    }

    private static boolean lowerHex(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }
}
