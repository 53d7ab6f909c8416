package org.servicedomain.samples;

/** Bad command-line arguments; {@link SamplesMain} prints the message and the usage, and exits 2. */
public final class UsageException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
