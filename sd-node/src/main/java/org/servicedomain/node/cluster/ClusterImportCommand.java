package org.servicedomain.node.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import org.servicedomain.node.audit.AuditConfig;
import org.servicedomain.node.audit.AuditEntry;
import org.servicedomain.node.audit.AuditFile;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code java -jar sd-node-standalone.jar cluster-import --data-dir DIR --zookeeper HOST:PORT[,...]
 * --cluster NAME [--jute-maxbuffer BYTES]}: copies a stopped standalone node's state into a new cluster in one
 * ZooKeeper transaction ({@link ClusterImport}), as the members' credential {@code SD_CLUSTER_AUTH}
 * ({@code USER:PASSWORD}) when the environment holds it. Exit codes: 0 copied; 2 bad arguments, nothing to
 * import, a cluster that already has state, or a domain larger than one request (nothing copied); 1 ZooKeeper
 * or the data directory failed (nothing copied, or, when the connection was lost while sending, all or nothing).
 */
public final class ClusterImportCommand {

    public static final String NAME = "cluster-import";
    public static final String USAGE = "usage: java -jar sd-node-standalone.jar " + NAME
            + " --data-dir DIR --zookeeper HOST:PORT[,HOST:PORT...] --cluster NAME [--jute-maxbuffer BYTES]";
    /** The option that says how large a request the ZooKeeper servers accept (their jute.maxbuffer). */
    public static final String MAX_REQUEST_OPTION = "--jute-maxbuffer";
    static final int OK = 0;
    static final int FAILED = 1;
    static final int REFUSED = 2;
    private static final List<String> OPTIONS = List.of("--data-dir", "--zookeeper", "--cluster", MAX_REQUEST_OPTION);
    private static final List<String> REQUIRED = List.of("--data-dir", "--zookeeper", "--cluster");

    private ClusterImportCommand() {
    }

    /** The environment variable holding the members' ZooKeeper credential, as for the launcher's --cluster-auth. */
    static final String CREDENTIAL = "SD_CLUSTER_AUTH";

    /** Runs the command on {@code args} (those after {@value #NAME}); returns the exit code. */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        return run(args, System.getenv(), out, err);
    }

    /** As {@link #run(List, PrintStream, PrintStream)}, the credential read from {@code environment}. */
    public static int run(List<String> args, Map<String, String> environment, PrintStream out, PrintStream err) {
        if (args.size() == 1 && (args.get(0).equals("--help") || args.get(0).equals("-h"))) {
            out.println(USAGE);
            return OK;
        }
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.size(); i += 2) {
            String option = args.get(i);
            if (!OPTIONS.contains(option) || i + 1 >= args.size() || values.containsKey(option)) {
                return usage(err, OPTIONS.contains(option) && i + 1 >= args.size() ? option + " needs a value"
                        : values.containsKey(option) ? option + " given twice" : "unknown argument " + option);
            }
            values.put(option, args.get(i + 1));
        }
        for (String option : REQUIRED) {
            if (!values.containsKey(option)) {
                return usage(err, option + " is required");
            }
        }
        ClusterConfig config;
        long maxRequestBytes;
        try {
            maxRequestBytes = values.containsKey(MAX_REQUEST_OPTION) ? maxRequestBytes(values.get(MAX_REQUEST_OPTION))
                    : ClusterImport.maxRequestBytesOfThisJvm();
            String credential = environment.get(CREDENTIAL);
            config = new ClusterConfig(values.get("--zookeeper"), values.get("--cluster"),
                    credential == null || credential.isBlank() ? null : ClusterCredential.parse(credential));
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        }
        Path dataDir = Path.of(values.get("--data-dir"));
        try {
            ClusterImport.Imported imported = ClusterImport.run(dataDir, config, maxRequestBytes);
            out.println("imported " + dataDir.toAbsolutePath() + " into cluster " + config.name() + " at "
                    + config.zookeeper() + " in one transaction of " + imported.requestBytes() + " bytes: "
                    + imported.ports() + " virtual ports, " + imported.instances()
                    + " instances, " + imported.wsdls() + " WSDLs, policy versions " + imported.policyVersions()
                    + (imported.policyVersions().isEmpty() ? "" : " (active: "
                            + imported.policyVersions().get(imported.policyVersions().size() - 1) + ")")
                    + ", " + imported.users() + " users, " + imported.children() + " child nodes"
                    + (imported.domainInfo() ? ", the domain information" : ""));
            out.println("not imported: sessions, metering and transaction history (docs/cluster.md, Moving to a cluster)");
            audit(dataDir, config, AuditEntry.OK, imported.ports() + " virtual ports, " + imported.instances() + " instances, "
                    + imported.users() + " users", err);
            return OK;
        } catch (ClusterImport.ClusterNotEmptyException | ClusterImport.NothingToImportException
                | ClusterImport.DomainTooLargeException e) {
            err.println(NAME + ": " + e.getMessage());
            audit(dataDir, config, "refused", e.getClass().getSimpleName(), err);
            return REFUSED;
        } catch (IOException | RuntimeException e) {
            err.println(NAME + ": " + e.getMessage());
            audit(dataDir, config, "failed", e.getClass().getSimpleName(), err);
            return FAILED;
        }
    }

    /**
     * Files the import in the audit trail of the node it copied ({@code DATA-DIR/audit.log}), signed by
     * the operating-system user who ran it; a data directory that does not exist is not created for it.
     */
    private static void audit(Path dataDir, ClusterConfig config, String outcome, String detail, PrintStream err) {
        if (!Files.isDirectory(dataDir)) {
            return;
        }
        try (AuditFile file = AuditFile.open(AuditConfig.DEFAULT.fileIn(dataDir), AuditConfig.DEFAULT_MAX_BYTES)) {
            file.append(new AuditEntry(Instant.now(), "os user " + System.getProperty("user.name"), NAME,
                    "cluster " + config.name() + " at " + config.zookeeper(), "command line", outcome, detail));
        } catch (IOException e) {
            err.println(NAME + ": the import could not be written to the audit file: " + e.getMessage());
        }
    }

    private static long maxRequestBytes(String value) {
        String problem = MAX_REQUEST_OPTION + " must be a positive number of bytes but was " + value;
        long bytes;
        try {
            bytes = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(problem, e);
        }
        if (bytes <= 0) {
            throw new IllegalArgumentException(problem);
        }
        return bytes;
    }

    private static int usage(PrintStream err, String problem) {
        err.println(NAME + ": " + problem);
        err.println(USAGE);
        return REFUSED;
    }
}
