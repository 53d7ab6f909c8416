package org.servicedomain.node.catalog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.servicedomain.node.storage.AtomicFiles;

/**
 * The catalog of one node under its data directory: {@code catalog.json} for ports and instances,
 * {@code wsdl/<digest>.wsdl} for cached WSDLs, each file written atomically.
 */
public final class FileCatalogStore implements CatalogStore {

    private static final Pattern DIGEST = Pattern.compile("[0-9a-f]{64}");

    private final Path catalogFile;
    private final Path wsdlDir;

    public FileCatalogStore(Path dataDir) {
        this.catalogFile = dataDir.resolve("catalog.json");
        this.wsdlDir = dataDir.resolve("wsdl");
    }

    @Override
    public StoredCatalog load() throws IOException {
        if (!Files.exists(catalogFile)) {
            return new StoredCatalog(List.of(), List.of());
        }
        return CatalogJson.read(Files.readAllBytes(catalogFile));
    }

    @Override
    public void save(StoredCatalog catalog) throws IOException {
        AtomicFiles.write(catalogFile, CatalogJson.write(catalog));
    }

    @Override
    public void saveWsdl(String digest, byte[] wsdl) throws IOException {
        Path file = wsdlFile(digest);
        if (!Files.exists(file)) {
            AtomicFiles.write(file, wsdl);
        }
    }

    @Override
    public void deleteWsdlsExcept(Set<String> kept) throws IOException {
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
