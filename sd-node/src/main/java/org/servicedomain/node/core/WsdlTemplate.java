package org.servicedomain.node.core;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * The text of a virtual port's published WSDL, with {@link VirtualPort#ADDRESS_PLACEHOLDER} for the
 * address: given at once, or built on first use and kept, so that a catalog change, which makes a
 * new snapshot under the catalog's change lock, never waits for a WSDL to be built. Two templates are
 * equal when their texts are.
 */
public final class WsdlTemplate {

    private final Supplier<String> build;
    private volatile String text;

    private WsdlTemplate(String text, Supplier<String> build) {
        this.text = text;
        this.build = build;
    }

    public static WsdlTemplate of(String text) {
        return new WsdlTemplate(Objects.requireNonNull(text, "text"), null);
    }

    /** A template {@code build} makes the first time its text is asked for; two threads asking at once may both build it. */
    public static WsdlTemplate builtOnFirstUse(Supplier<String> build) {
        return new WsdlTemplate(null, Objects.requireNonNull(build, "build"));
    }

    public String text() {
        String known = text;
        if (known == null) {
            known = Objects.requireNonNull(build.get(), "the built WSDL template");
            text = known;
        }
        return known;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof WsdlTemplate template && text().equals(template.text());
    }

    @Override
    public int hashCode() {
        return text().hashCode();
    }

    @Override
    public String toString() {
        return text == null ? "WsdlTemplate[not built yet]" : "WsdlTemplate[" + text.length() + " chars]";
    }
}
