package org.servicedomain.node.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import jakarta.servlet.ServletContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A WAR's secrets come from its context, the environment or a file before a system property that ps shows. */
class WarSecretsTest {

    @TempDir
    Path dir;

    private final ServletContext context = mock(ServletContext.class);

    @Test
    void theEnvironmentVariableOfTheLaunchersNameGivesTheSecret() {
        WarSecrets secrets = new WarSecrets(context, Map.of("SD_PARENT_SECRET", "from-the-environment", "SD_METRICS_TOKEN", "token"));

        assertThat(secrets.read("sd.parentSecret")).isEqualTo("from-the-environment");
        assertThat(secrets.read("sd.metricsToken")).isEqualTo("token");
    }

    @Test
    void aFileNamedByTheEnvironmentGivesTheSecretWithoutItsLineEnd() throws Exception {
        Path file = Files.writeString(dir.resolve("secret"), "from-a-file\n");

        WarSecrets secrets = new WarSecrets(context, Map.of("SD_PARENT_SECRET_FILE", file.toString()));

        assertThat(secrets.read("sd.parentSecret")).isEqualTo("from-a-file");
    }

    @Test
    void theContextParameterComesFirst() {
        when(context.getInitParameter("sd.parentSecret")).thenReturn("from-the-context");

        assertThat(new WarSecrets(context, Map.of("SD_PARENT_SECRET", "from-the-environment")).read("sd.parentSecret"))
                .isEqualTo("from-the-context");
    }

    @Test
    void aSecretSetNowhereIsNull() {
        assertThat(new WarSecrets(context, Map.of()).read("sd.parentSecret")).isNull();
    }
}
