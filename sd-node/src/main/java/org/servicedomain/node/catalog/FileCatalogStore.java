package org.servicedomain.node.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.storage.AtomicFiles;

/**
 * The catalog of one node under its data directory: {@code catalog.json} for ports and instances,
 * {@code wsdl/<digest>.wsdl} for cached WSDLs, each file written atomically.
 */
public final class FileCatalogStore implements CatalogStore {

    private static final Pattern DIGEST = Pattern.compile("[0-9a-f]{64}");

    private final Path catalogFile;
    private final Path wsdlDir;
    private final ObjectMapper json = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public FileCatalogStore(Path dataDir) {
        this.catalogFile = dataDir.resolve("catalog.json");
        this.wsdlDir = dataDir.resolve("wsdl");
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

    @Override
    public StoredCatalog load() throws IOException {
        if (!Files.exists(catalogFile)) {
            return new StoredCatalog(List.of(), List.of());
        }
        CatalogFile file = json.readValue(catalogFile.toFile(), CatalogFile.class);
        List<StoredPort> ports = new ArrayList<>();
        for (PortRecord p : file.ports()) {
            ports.add(new StoredPort(p.name(), QName.valueOf(p.portType()), QName.valueOf(p.binding()), p.wsdlDigest()));
        }
        List<Instance> instances = new ArrayList<>();
        for (InstanceRecord i : file.instances()) {
            instances.add(new Instance(i.id(), i.virtualPort(), QName.valueOf(i.portType()), i.endpointAddress(),
                    i.wsdlLocation(), i.wsdlDigest(), i.levels(), i.timeoutMs(),
                    i.attributes() == null ? Map.of() : i.attributes(), InstanceState.fromWireName(i.state()),
                    i.stateData()));
        }
        return new StoredCatalog(ports, instances);
    }

    @Override
    public void save(StoredCatalog catalog) throws IOException {
        List<PortRecord> ports = new ArrayList<>();
        for (StoredPort p : catalog.ports()) {
            ports.add(new PortRecord(p.name(), p.portType().toString(), p.binding().toString(), p.wsdlDigest()));
        }
        List<InstanceRecord> instances = new ArrayList<>();
        for (Instance i : catalog.instances()) {
            instances.add(new InstanceRecord(i.id(), i.virtualPort(), i.portType().toString(), i.endpointAddress(),
                    i.wsdlLocation(), i.wsdlDigest(), null, i.sortedSupplierLevels(), i.timeoutMs(), i.sortedAttributes(),
                    i.state().wireName(), i.stateData()));
        }
        AtomicFiles.write(catalogFile, json.writeValueAsBytes(new CatalogFile(1, ports, instances)));
    }

    @Override
    public void saveWsdl(String digest, byte[] wsdl) throws IOException {
        Path file = wsdlFile(digest);
        if (!Files.exists(file)) {
            AtomicFiles.write(file, wsdl);
        }
    }

    @Override
    public void deleteWsdlsExcept(java.util.Set<String> kept) throws IOException {
        if (!Files.isDirectory(wsdlDir)) {
            return;
        }
        try (java.util.stream.Stream<Path> files = Files.list(wsdlDir)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                if (name.endsWith(".wsdl") && !kept.contains(name.substring(0, name.length() - ".wsdl".length()))) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    @Override
    public byte[] loadWsdl(String digest) throws IOException {
        return Files.readAllBytes(wsdlFile(digest));
    }

    private Path wsdlFile(String digest) {
        if (!DIGEST.matcher(digest).matches()) {
            throw new IllegalArgumentException("not a WSDL digest: " + digest);
        }
        return wsdlDir.resolve(digest + ".wsdl");
    }
}
