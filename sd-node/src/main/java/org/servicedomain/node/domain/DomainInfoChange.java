package org.servicedomain.node.domain;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/**
 * A change of the domain information as an administrator asked for it, checked when made: per field,
 * null leaves it as it is, an empty (or blank) value removes it, anything else replaces it. Values are
 * trimmed; the description and the terms may span lines (CR LF becomes LF) and hold tabs, the other
 * fields are one line; no field holds another control character or more than its limit of characters,
 * and the terms URL is an absolute http or https URL without user info. A refusal is a
 * {@link FaultCode#BadRequest} naming the field.
 */
public record DomainInfoChange(String description, String owner, String contact, String terms, String termsUrl) {

    public static final int MAX_DESCRIPTION = 2000;
    public static final int MAX_OWNER = 200;
    public static final int MAX_CONTACT = 200;
    public static final int MAX_TERMS = 4000;
    public static final int MAX_TERMS_URL = 2000;

    public DomainInfoChange {
        if (description == null && owner == null && contact == null && terms == null && termsUrl == null) {
            throw new NodeFault(FaultCode.BadRequest, "setDomainInfo changes nothing: give at least one of description,"
                    + " owner, contact, terms, termsUrl (an empty one removes it)");
        }
        description = checked("description", description, MAX_DESCRIPTION, true);
        owner = checked("owner", owner, MAX_OWNER, false);
        contact = checked("contact", contact, MAX_CONTACT, false);
        terms = checked("terms", terms, MAX_TERMS, true);
        termsUrl = checkedUrl(checked("termsUrl", termsUrl, MAX_TERMS_URL, false));
    }

    /** {@code current} with this change made, as changed by {@code who} at {@code when}. */
    public DomainInfo applyTo(DomainInfo current, String who, Instant when) {
        return new DomainInfo(merged(current.description(), description), merged(current.owner(), owner),
                merged(current.contact(), contact), merged(current.terms(), terms), merged(current.termsUrl(), termsUrl),
                who, when);
    }

    /** The fields this change sets and removes, by name only, for the audit trail: e.g. {@code set description, owner; removed terms}. */
    public String summary() {
        List<String> set = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        sort("description", description, set, removed);
        sort("owner", owner, set, removed);
        sort("contact", contact, set, removed);
        sort("terms", terms, set, removed);
        sort("termsUrl", termsUrl, set, removed);
        String setPart = set.isEmpty() ? "" : "set " + String.join(", ", set);
        String removedPart = removed.isEmpty() ? "" : "removed " + String.join(", ", removed);
        return setPart.isEmpty() ? removedPart : removedPart.isEmpty() ? setPart : setPart + "; " + removedPart;
    }

    private static void sort(String name, String value, List<String> set, List<String> removed) {
        if (value != null) {
            (value.isEmpty() ? removed : set).add(name);
        }
    }

    private static String merged(String kept, String asked) {
        return asked == null ? kept : asked.isEmpty() ? null : asked;
    }

    /** The value trimmed (empty when blank), or a refusal naming the field and what is wrong. */
    private static String checked(String field, String value, int max, boolean multiline) {
        if (value == null) {
            return null;
        }
        String text = (multiline ? value.replace("\r\n", "\n") : value).strip();
        int length = text.codePointCount(0, text.length());
        if (length > max) {
            throw new NodeFault(FaultCode.BadRequest, field + " may hold at most " + max + " characters but has " + length);
        }
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            boolean allowedControl = multiline && (c == '\n' || c == '\t');
            if (Character.isISOControl(c) && !allowedControl || (c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE) || c == 0xFFFE || c == 0xFFFF) {
                throw new NodeFault(FaultCode.BadRequest, field + " holds the control character "
                        + String.format(Locale.ROOT, "U+%04X", c) + " at position " + (text.codePointCount(0, i) + 1)
                        + (multiline ? "; only line breaks and tabs are allowed" : "; it must be one line of text"));
            }
            i += Character.charCount(c);
        }
        return text;
    }

    private static String checkedUrl(String url) {
        if (url == null || url.isEmpty()) {
            return url;
        }
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
                throw new NodeFault(FaultCode.BadRequest, "termsUrl must be an absolute http or https URL but was '" + url + "'");
            }
            if (uri.getRawUserInfo() != null) {
                throw new NodeFault(FaultCode.BadRequest, "termsUrl must not hold a user name or password");
            }
            return url;
        } catch (URISyntaxException e) {
            throw new NodeFault(FaultCode.BadRequest, "termsUrl is not a URL: " + e.getReason() + " at index " + e.getIndex());
        }
    }
}
