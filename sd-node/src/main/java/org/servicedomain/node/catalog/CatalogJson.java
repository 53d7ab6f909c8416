package org.servicedomain.node.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;

/**
 * The catalog as JSON ({@code catalog.json}, format 1): the one form every store keeps it in, so a
 * node's file and a cluster's znode hold the same document.
 */
public final class CatalogJson {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private CatalogJson() {
    }

    record PortRecord(String name, String portType, String binding, String wsdlDigest) {
    }

    /** One instance; {@code supplierLevel} is only read, from catalogs written when an instance had one level. */
    record InstanceRecord(String id, String virtualPort, String portType, String endpointAddress,
            String wsdlLocation, String wsdlDigest, @JsonInclude(JsonInclude.Include.NON_NULL) String supplierLevel,
            List<String> supplierLevels, Long timeoutMs, Map<String, String> attributes, String state, String stateData) {

        Set<String> levels() {
            Set<String> levels = new HashSet<>(supplierLevels == null ? List.of() : supplierLevels);
            if (supplierLevel != null) {
                levels.add(supplierLevel);
            }
            return levels;
        }
    }

    record CatalogFile(int format, List<PortRecord> ports, List<InstanceRecord> instances) {
    }

    public static CatalogStore.StoredCatalog read(byte[] document) throws IOException {
        CatalogFile file = JSON.readValue(document, CatalogFile.class);
        List<CatalogStore.StoredPort> ports = new ArrayList<>();
        for (PortRecord p : file.ports()) {
            ports.add(new CatalogStore.StoredPort(p.name(), QName.valueOf(p.portType()), QName.valueOf(p.binding()),
                    p.wsdlDigest()));
        }
        List<Instance> instances = new ArrayList<>();
        for (InstanceRecord i : file.instances()) {
            instances.add(new Instance(i.id(), i.virtualPort(), QName.valueOf(i.portType()), i.endpointAddress(),
                    i.wsdlLocation(), i.wsdlDigest(), i.levels(), i.timeoutMs(),
                    i.attributes() == null ? Map.of() : i.attributes(), InstanceState.fromWireName(i.state()),
                    i.stateData()));
        }
        return new CatalogStore.StoredCatalog(ports, instances);
    }

    public static byte[] write(CatalogStore.StoredCatalog catalog) throws IOException {
        List<PortRecord> ports = new ArrayList<>();
        for (CatalogStore.StoredPort p : catalog.ports()) {
            ports.add(new PortRecord(p.name(), p.portType().toString(), p.binding().toString(), p.wsdlDigest()));
        }
        List<InstanceRecord> instances = new ArrayList<>();
        for (Instance i : catalog.instances()) {
            instances.add(new InstanceRecord(i.id(), i.virtualPort(), i.portType().toString(), i.endpointAddress(),
                    i.wsdlLocation(), i.wsdlDigest(), null, i.sortedSupplierLevels(), i.timeoutMs(), i.sortedAttributes(),
                    i.state().wireName(), i.stateData()));
        }
        return JSON.writeValueAsBytes(new CatalogFile(1, ports, instances));
    }
}
