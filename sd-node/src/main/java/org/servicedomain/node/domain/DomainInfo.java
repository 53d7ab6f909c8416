package org.servicedomain.node.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What an administrator says about the service domain itself (docs/home-port.md, Domain information):
 * a description, its owner, whom to contact, its terms and where the full terms are, with who changed
 * it last and when. Immutable; a blank field is an absent one. Only {@link DomainInfoChange} makes
 * new values, so every field holds what its limits allow.
 */
public record DomainInfo(String description, String owner, String contact, String terms, String termsUrl,
        String changedBy, Instant changedAt) {

    /** The domain information of a node nobody annotated yet. */
    public static final DomainInfo NONE = new DomainInfo(null, null, null, null, null, null, null);

    public DomainInfo {
        description = absentIfBlank(description);
        owner = absentIfBlank(owner);
        contact = absentIfBlank(contact);
        terms = absentIfBlank(terms);
        termsUrl = absentIfBlank(termsUrl);
        changedBy = absentIfBlank(changedBy);
    }

    /** True when no field an administrator sets holds a value. */
    public boolean isEmpty() {
        return description == null && owner == null && contact == null && terms == null && termsUrl == null;
    }

    /**
     * The text a virtual port's WSDL carries in its {@code wsdl:documentation}: the description, then
     * one labelled line per further field that is set; empty when nothing is set.
     */
    public String documentation() {
        List<String> parts = new ArrayList<>();
        if (description != null) {
            parts.add(description);
        }
        labelled(parts, "Owner", owner);
        labelled(parts, "Contact", contact);
        labelled(parts, "Terms", terms);
        labelled(parts, "Terms URL", termsUrl);
        return String.join("\n", parts);
    }

    private static void labelled(List<String> parts, String label, String value) {
        if (value != null) {
            parts.add(label + ": " + value);
        }
    }

    private static String absentIfBlank(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
