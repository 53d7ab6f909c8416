package org.servicedomain.node.engine.offload;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadReportTest {

    private final ObjectMapper json = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    @Test
    void anOfferedInstanceKeepsEverySupplierLevelThroughJson() throws Exception {
        LoadReport.Offered offered = new LoadReport.Offered("b", "http://127.0.0.1:1/b", null,
                List.of("ServerBlue", "ServerGreen"), Map.of());

        LoadReport.Offered read = json.readValue(json.writeValueAsBytes(offered), LoadReport.Offered.class);

        assertThat(read.levels()).containsExactlyInAnyOrder("ServerBlue", "ServerGreen");
    }

    @Test
    void aPeerThatReportsOneSupplierLevelIsUnderstood() throws Exception {
        LoadReport.Offered read = json.readValue("""
                {"id": "a", "endpointAddress": "http://127.0.0.1:1/a", "supplierLevel": "ServerBlue", "attributes": {}}
                """, LoadReport.Offered.class);

        assertThat(read.levels()).containsExactly("ServerBlue");
    }
}
