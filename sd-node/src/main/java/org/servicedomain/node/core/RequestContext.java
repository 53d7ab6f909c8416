package org.servicedomain.node.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * What the node knows of one request on a virtual port as it passes the stages: the port, the
 * operation, the caller, the message values content rules asked for, and the message exactly as
 * it is forwarded (the client's bytes, unless an operation mapping rewrote them). Stages fill it
 * in as the request goes: the body after it is read, the operation after operation mapping.
 * What only some stages share (the policy snapshot, the decision) travels as typed tags.
 *
 * @param operation the operation the client called on the virtual port; null before operation mapping
 * @param caller the session's user, or {@link Caller#ANONYMOUS}
 * @param contentValues values read from the payload for the policy's content rules, by name
 * @param soapAction the SOAPAction header (SOAP 1.1), or null
 * @param contentType the request's Content-Type header, forwarded unchanged
 * @param body the message as it is forwarded; empty until the body is read
 * @param deadline when the client stops waiting, or null when it did not say
 * @param offloaded whether a peer node already forwarded this request here (it is never forwarded again)
 */
public record RequestContext(
        VirtualPort virtualPort,
        String operation,
        Caller caller,
        Map<String, String> contentValues,
        String soapAction,
        String contentType,
        byte[] body,
        Deadline deadline,
        boolean offloaded,
        Tags tags) {

    private static final byte[] NOT_READ = new byte[0];

    public RequestContext(VirtualPort virtualPort, String operation, Caller caller, Map<String, String> contentValues,
            String soapAction, String contentType, byte[] body) {
        this(virtualPort, operation, caller, contentValues, soapAction, contentType, body, null, false, Tags.NONE);
    }

    public RequestContext {
        Objects.requireNonNull(virtualPort, "virtualPort");
        Objects.requireNonNull(caller, "caller");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(tags, "tags");
        contentValues = contentValues.isEmpty() ? Map.of() : Map.copyOf(contentValues);
    }

    /** A request as it arrives on {@code port}: anonymous, its body not read yet, its operation not known. */
    public static RequestContext arriving(VirtualPort port, String contentType, String soapAction, Deadline deadline,
            boolean offloaded) {
        return new RequestContext(port, null, Caller.ANONYMOUS, Map.of(), soapAction, contentType, NOT_READ, deadline,
                offloaded, Tags.NONE);
    }

    /** The session id, or null for an anonymous call. */
    public String sessionId() {
        return caller.sessionId();
    }

    /** The value tagged under {@code type}, or null. */
    public <T> T tag(Class<T> type) {
        return tags.get(type);
    }

    /** This request with {@code value} tagged under {@code type}, replacing an earlier one. */
    public <T> RequestContext withTag(Class<T> type, T value) {
        return new RequestContext(virtualPort, operation, caller, contentValues, soapAction, contentType, body, deadline,
                offloaded, tags.with(type, value));
    }

    /** This request with every tag of {@code more} added (replacing earlier ones of a type), copied once. */
    public RequestContext withTags(Tags.Adding more) {
        return new RequestContext(virtualPort, operation, caller, contentValues, soapAction, contentType, body, deadline,
                offloaded, tags.with(more));
    }

    /** This request with the body as read (or as stripped of headers meant for the node). */
    public RequestContext withBody(byte[] newBody) {
        return new RequestContext(virtualPort, operation, caller, contentValues, soapAction, contentType, newBody, deadline,
                offloaded, tags);
    }

    /** This request on behalf of {@code newCaller}. */
    public RequestContext withCaller(Caller newCaller) {
        return new RequestContext(virtualPort, operation, newCaller, contentValues, soapAction, contentType, body, deadline,
                offloaded, tags);
    }

    /** This request for {@code newOperation} of the virtual port. */
    public RequestContext withOperation(String newOperation) {
        return new RequestContext(virtualPort, newOperation, caller, contentValues, soapAction, contentType, body, deadline,
                offloaded, tags);
    }

    /** This request with the values content rules read from its payload. */
    public RequestContext withContentValues(Map<String, String> values) {
        return new RequestContext(virtualPort, operation, caller, values, soapAction, contentType, body, deadline, offloaded,
                tags);
    }

    /** This request as an operation mapping rewrote it for the providers. */
    public RequestContext withForwarded(String newSoapAction, byte[] newBody) {
        return new RequestContext(virtualPort, operation, caller, contentValues, newSoapAction, contentType, newBody,
                deadline, offloaded, tags);
    }

    /** This request as it is forwarded to an instance that takes another Content-Type (a SOAP 1.2 action of its own). */
    public RequestContext withForwarded(String newSoapAction, String newContentType, byte[] newBody) {
        return new RequestContext(virtualPort, operation, caller, contentValues, newSoapAction, newContentType, newBody,
                deadline, offloaded, tags);
    }

    /** This request with the client's deadline, and whether a peer forwarded it here. */
    public RequestContext withTerms(Deadline newDeadline, boolean wasOffloaded) {
        return new RequestContext(virtualPort, operation, caller, contentValues, soapAction, contentType, body,
                newDeadline, wasOffloaded, tags);
    }

    /**
     * A few values keyed by their type, copied on change; lookups scan a short array, which beats
     * a hash map for the three or four tags a request carries.
     */
    public static final class Tags {

        static final Tags NONE = new Tags(new Class<?>[0], new Object[0]);

        private final Class<?>[] types;
        private final Object[] values;

        private Tags(Class<?>[] types, Object[] values) {
            this.types = types;
            this.values = values;
        }

        <T> T get(Class<T> type) {
            for (int i = 0; i < types.length; i++) {
                if (types[i] == type) {
                    return type.cast(values[i]);
                }
            }
            return null;
        }

        /** Several tags to add at once, as a request arrives: one copy of the request instead of one per tag. */
        public static Adding adding() {
            return new Adding();
        }

        /** Tags gathered to be added together ({@link RequestContext#withTags}); a type given twice keeps its last value. */
        public static final class Adding {
            private final ArrayList<Class<?>> types = new ArrayList<>(8);
            private final ArrayList<Object> values = new ArrayList<>(8);

            private Adding() {
            }

            public <T> Adding tag(Class<T> type, T value) {
                int known = types.indexOf(Objects.requireNonNull(type, "type"));
                if (known >= 0) {
                    values.set(known, value);
                } else {
                    types.add(type);
                    values.add(value);
                }
                return this;
            }
        }

        Tags with(Adding more) {
            if (types.length == 0) {
                return new Tags(more.types.toArray(new Class<?>[0]), more.values.toArray());
            }
            Tags result = this;
            for (int i = 0; i < more.types.size(); i++) {
                result = result.withUnchecked(more.types.get(i), more.values.get(i));
            }
            return result;
        }

        <T> Tags with(Class<T> type, T value) {
            return withUnchecked(type, value);
        }

        private Tags withUnchecked(Class<?> type, Object value) {
            Objects.requireNonNull(type, "type");
            for (int i = 0; i < types.length; i++) {
                if (types[i] == type) {
                    Object[] replaced = values.clone();
                    replaced[i] = value;
                    return new Tags(types, replaced);
                }
            }
            Class<?>[] moreTypes = Arrays.copyOf(types, types.length + 1);
            Object[] moreValues = Arrays.copyOf(values, values.length + 1);
            moreTypes[types.length] = type;
            moreValues[values.length] = value;
            return new Tags(moreTypes, moreValues);
        }
    }
}
