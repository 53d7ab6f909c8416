package org.servicedomain.node.entry.home;

import java.util.ArrayList;
import java.util.List;
import org.servicedomain.home.v1.RegisterResponse;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.home.v1.SetUser;

/**
 * What the audit trail says about a home-port action beyond who did it: a few words naming what
 * changed, built from the request and answer so that no password, session id or URL credential
 * ever reaches the audit file.
 */
final class AuditDetails {

    private AuditDetails() {
    }

    /** A WSDL URL as the audit trail may keep it: without a {@code user:password@} part. */
    static String withoutUserInfo(String url) {
        if (url == null || url.isBlank()) {
            return null;
        }
        int scheme = url.indexOf("://");
        int at = url.indexOf('@');
        int path = url.indexOf('/', scheme < 0 ? 0 : scheme + 3);
        return scheme >= 0 && at > scheme && (path < 0 || at < path) ? url.substring(0, scheme + 3) + url.substring(at + 1) : url;
    }

    static String registered(RegisterResponse response) {
        return "instances " + String.join(", ", response.getRegistration().stream().map(Registration::getInstanceId).toList());
    }

    /** What a setServiceInfo changed, by name only: state, timeout, attributes, levels. */
    static String serviceInfoChange(SetServiceInfo request) {
        List<String> changes = new ArrayList<>();
        if (request.getState() != null) {
            changes.add("state " + request.getState().value());
        }
        if (request.getTimeoutMs() != null) {
            changes.add("timeout " + request.getTimeoutMs() + " ms");
        }
        request.getAttribute().forEach(a -> changes.add("attribute " + a.getName()));
        if (!request.getSupplierLevel().isEmpty()) {
            changes.add("levels " + String.join(" ", request.getSupplierLevel()));
        }
        if (request.getName() != null) {
            changes.add("name " + request.getName());
        }
        return changes.isEmpty() ? null : String.join("; ", changes);
    }

    /** What a setUser set: level, roles, and whether the password changed (never the password). */
    static String userChange(SetUser request) {
        return "level " + request.getUserLevel() + "; roles " + String.join(" ", request.getRole().stream().sorted().toList())
                + (request.getPassword() != null ? "; password changed, their sessions ended" : "");
    }
}
