package org.servicedomain.node.engine.envelope;

/**
 * The namespace declarations in scope while {@link PlainEnvelopeReader} walks a message: each a
 * prefix (empty for the default namespace) and a URI as ranges of the message's bytes, and the depth
 * of the element that declared it. No strings are made; a bounded number of declarations is plain.
 */
final class PlainNamespaces {

    private static final int MAX_DECLARATIONS = 64;

    private final byte[] b;
    private final int[] prefixAt = new int[MAX_DECLARATIONS];
    private final int[] prefixLength = new int[MAX_DECLARATIONS];
    private final int[] uriAt = new int[MAX_DECLARATIONS];
    private final int[] uriLength = new int[MAX_DECLARATIONS];
    private final int[] depth = new int[MAX_DECLARATIONS];
    private int size;

    PlainNamespaces(byte[] message) {
        this.b = message;
    }

    /** Where the declarations of the element about to be read start. */
    int mark() {
        return size;
    }

    /**
     * Declares a prefix for the element at {@code elementDepth}; false when that is not plain: too many
     * declarations, or the prefix declared already on the same element (since {@code mark}).
     */
    boolean declare(int mark, int atPrefix, int prefixLen, int atUri, int uriLen, int elementDepth) {
        if (size == MAX_DECLARATIONS) {
            return false;
        }
        for (int i = mark; i < size; i++) {
            if (PlainBytes.equal(b, prefixAt[i], prefixLength[i], atPrefix, prefixLen)) {
                return false;
            }
        }
        prefixAt[size] = atPrefix;
        prefixLength[size] = prefixLen;
        uriAt[size] = atUri;
        uriLength[size] = uriLen;
        depth[size] = elementDepth;
        size++;
        return true;
    }

    /** The innermost declaration of the prefix at {@code at} (length 0: the default namespace), or -1 for none. */
    int binding(int at, int length) {
        for (int i = size - 1; i >= 0; i--) {
            if (PlainBytes.equal(b, prefixAt[i], prefixLength[i], at, length)) {
                return uriLength[i] == 0 ? -1 : i; // xmlns="" takes the default away
            }
        }
        return -1;
    }

    int uriAt(int binding) {
        return uriAt[binding];
    }

    int uriLength(int binding) {
        return uriLength[binding];
    }

    /** Forgets the declarations of elements deeper than {@code openDepth}, which have closed. */
    void leave(int openDepth) {
        while (size > 0 && depth[size - 1] > openDepth) {
            size--;
        }
    }
}
