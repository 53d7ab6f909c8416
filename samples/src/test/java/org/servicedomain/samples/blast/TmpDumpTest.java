package org.servicedomain.samples.blast;

import org.junit.jupiter.api.Test;
import org.servicedomain.samples.SoapHttp;
import org.servicedomain.samples.provider.*;

class TmpDumpTest {
    @Test
    void dump() throws Exception {
        SoapHttp http = new SoapHttp();
        for (SampleService s : new SampleService[] {SampleService.BLAST_BLUE, SampleService.BLAST}) {
            try (SampleProvider p = SampleProvider.launch(ProviderOptions.of(s, "x"))) {
                java.nio.file.Files.writeString(java.nio.file.Path.of("/tmp/pd/" + s + ".wsdl"), http.get(p.wsdlAddress()).body());
            }
        }
        try (SampleProvider p = SampleProvider.launch(ProviderOptions.of(SampleService.BLAST_RED, "x"))) {
            java.nio.file.Files.writeString(java.nio.file.Path.of("/tmp/pd/red.resp"), http.post11(p.address(), "urn:sd:samples:blast#search", "<b:search xmlns:b='urn:sd:samples:blast'><b:sequence>ACGT</b:sequence></b:search>").body());
        }
    }
}
