package org.servicedomain.node.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @TempDir
    Path dir;

    @Test
    void writesANewFileCreatingItsDirectory() throws IOException {
        Path target = dir.resolve("nested/catalog.json");

        AtomicFiles.write(target, bytes("{\"format\":1}"));

        assertThat(target).hasContent("{\"format\":1}");
    }

    @Test
    void replacesTheContentOfAnExistingFile() throws IOException {
        Path target = dir.resolve("policy-1.xml");
        AtomicFiles.write(target, bytes("the old policy, which is longer than the new one"));

        AtomicFiles.write(target, bytes("the new policy"));

        assertThat(target).hasContent("the new policy");
    }

    @Test
    void leavesNoTempFilesBehind() throws IOException {
        Path target = dir.resolve("catalog.json");
        for (int i = 0; i < 3; i++) {
            AtomicFiles.write(target, bytes("version " + i));
        }

        assertThat(filesIn(dir)).containsExactly(target);
    }

    @Test
    void leavesNoTempFileWhenTheReplaceFails() throws IOException {
        Path target = dir.resolve("catalog.json");
        Files.createDirectories(target.resolve("in-the-way"));

        assertThatThrownBy(() -> AtomicFiles.write(target, bytes("{}"))).isInstanceOf(IOException.class);

        assertThat(filesIn(dir)).containsExactly(target);
    }

    private static List<Path> filesIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
