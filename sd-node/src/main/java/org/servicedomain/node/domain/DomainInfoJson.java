package org.servicedomain.node.domain;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** The domain information as JSON, the same in {@code domain.json} and in the cluster's znode. */
public final class DomainInfoJson {

    private static final int FORMAT = 1;
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** As stored: the time as ISO-8601 text, so that no Jackson module is needed; absent fields left out. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Stored(int format, String description, String owner, String contact, String terms, String termsUrl,
            String changedBy, String changedAt) {
    }

    private DomainInfoJson() {
    }

    public static byte[] write(DomainInfo info) throws IOException {
        return JSON.writeValueAsBytes(new Stored(FORMAT, info.description(), info.owner(), info.contact(), info.terms(),
                info.termsUrl(), info.changedBy(), info.changedAt() == null ? null : info.changedAt().toString()));
    }

    /** The domain information in {@code data}; an IOException when it is not what {@link #write} wrote. */
    public static DomainInfo read(byte[] data) throws IOException {
        Stored stored = JSON.readValue(data, Stored.class);
        if (stored == null || stored.format() != FORMAT) {
            throw new IOException("not domain information of format " + FORMAT);
        }
        try {
            return new DomainInfo(stored.description(), stored.owner(), stored.contact(), stored.terms(), stored.termsUrl(),
                    stored.changedBy(), stored.changedAt() == null ? null : Instant.parse(stored.changedAt()));
        } catch (DateTimeParseException e) {
            throw new IOException("changedAt is not an ISO-8601 instant: " + stored.changedAt(), e);
        }
    }
}
