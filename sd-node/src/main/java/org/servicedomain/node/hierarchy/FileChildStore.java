package org.servicedomain.node.hierarchy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.servicedomain.node.storage.AtomicFiles;

/**
 * The child nodes of a node of its own: {@value #FILE} under the data directory, written atomically
 * and readable by the node's user only, since it holds the children's secrets.
 */
public final class FileChildStore implements ChildStore {

    static final String FILE = "children.json";

    private final Path file;
    private final ObjectMapper json = new ObjectMapper();

    public FileChildStore(Path dataDir) {
        this.file = dataDir.resolve(FILE);
    }

    @Override
    public List<ChildNode> load() throws IOException {
        return Files.exists(file) ? json.readValue(file.toFile(), new TypeReference<List<ChildNode>>() { }) : List.of();
    }

    @Override
    public void save(List<ChildNode> children) throws IOException {
        AtomicFiles.write(file, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(children));
    }
}
