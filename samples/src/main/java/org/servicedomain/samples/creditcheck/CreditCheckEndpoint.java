package org.servicedomain.samples.creditcheck;

import jakarta.jws.WebService;

/** The credit-check implementation of one provider; scores are a pure function of the customer id. */
@WebService(endpointInterface = "org.servicedomain.samples.creditcheck.CreditCheckPortType",
        targetNamespace = CreditCheckPortType.NAMESPACE,
        serviceName = "CreditCheckService", portName = "CreditCheckPort")
public class CreditCheckEndpoint implements CreditCheckPortType {

    private final String providerName;

    public CreditCheckEndpoint(String providerName) {
        this.providerName = providerName;
    }

    /** The score every provider gives {@code customerId}: between 300 and 850. */
    public static int scoreOf(String customerId) {
        return 300 + Math.floorMod(String.valueOf(customerId).hashCode(), 551);
    }

    @Override
    public CheckResponse check(Check request) {
        return new CheckResponse(request.getCustomerId(), scoreOf(request.getCustomerId()), providerName);
    }
}
