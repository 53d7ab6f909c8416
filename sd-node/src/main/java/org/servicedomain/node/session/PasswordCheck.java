package org.servicedomain.node.session;

import java.security.SecureRandom;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/**
 * Checks a password against a stored user, spending the same time and giving the same fault for an
 * unknown user as for a wrong password, so that a caller cannot probe for user names.
 */
final class PasswordCheck {

    private static final String WRONG_CREDENTIALS = "wrong user name or password";

    private final PasswordHash unknownUserHash;

    PasswordCheck(SecureRandom random) {
        this.unknownUserHash = PasswordHash.unmatchable(random);
    }

    /** The user of {@code stored} (null: unknown) if {@code password} is theirs; else a {@code NotAuthorized} fault. */
    User check(StoredUser stored, char[] password) {
        PasswordHash expected = stored == null ? unknownUserHash : stored.password();
        if (!expected.matches(password) || stored == null) {
            throw new NodeFault(FaultCode.NotAuthorized, WRONG_CREDENTIALS);
        }
        return stored.user();
    }
}
