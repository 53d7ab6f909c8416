package org.servicedomain.node.outbound;

import java.io.IOException;

/** An answer longer than its call allowed; the connection was closed without reading the rest. */
public final class AnswerTooLargeException extends IOException {

    private static final long serialVersionUID = 1L;

    public AnswerTooLargeException(long maxBytes) {
        super("an answer larger than " + maxBytes + " bytes");
    }
}
