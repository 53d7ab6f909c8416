package org.servicedomain.node.policy;

import java.util.List;

/**
 * What setting (or validating) a policy gave: the version it got (or would get) and the warnings
 * its validation noted without refusing it, each with its line.
 */
public record PolicyReport(long version, List<String> warnings) {

    public PolicyReport {
        warnings = List.copyOf(warnings);
    }
}
