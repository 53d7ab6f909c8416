package org.servicedomain.samples.gpdr;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * An event as the recovery component receives it, in the JSON a node's event notifier posts
 * ({@code type}, {@code time}, {@code virtualPort}, {@code instanceId}, {@code detail}); a business
 * process reports its own errors the same way, with type {@value #BUSINESS_PROCESS_ERROR}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ProblemEvent(String type, String time, String virtualPort, String instanceId, String detail) {

    public static final String SERVICE_FEATURE_UNAVAILABLE = "SERVICE_FEATURE_UNAVAILABLE";
    public static final String SERVICE_FEATURE_AVAILABLE = "SERVICE_FEATURE_AVAILABLE";
    public static final String BUSINESS_PROCESS_ERROR = "BUSINESS_PROCESS_ERROR";
}
