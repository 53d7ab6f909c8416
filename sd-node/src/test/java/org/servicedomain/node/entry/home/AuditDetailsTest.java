package org.servicedomain.node.entry.home;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The audit trail keeps a registration's WSDL URL without the credentials a URL may carry. */
class AuditDetailsTest {

    @Test
    void aWsdlUrlLosesItsUserAndPasswordAndKeepsTheRest() {
        assertThat(AuditDetails.withoutUserInfo("http://joe:s3cret@provider.example:8080/quote?wsdl"))
                .isEqualTo("http://provider.example:8080/quote?wsdl");
    }

    @Test
    void anAtSignAfterTheHostIsNoCredentialAndStays() {
        assertThat(AuditDetails.withoutUserInfo("http://provider.example/quote?owner=a@b")).isEqualTo("http://provider.example/quote?owner=a@b");
    }
}
