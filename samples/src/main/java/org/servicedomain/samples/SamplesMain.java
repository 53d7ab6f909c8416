package org.servicedomain.samples;

import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeoutException;
import org.servicedomain.client.discovery.Announcer;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.samples.provider.ProviderAnnouncement;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Command line of the samples: {@code provider} runs one provider, {@code demo} the demo topology
 * registered with a node; both run until SIGTERM. Machine-readable lines go to stdout, logs to stderr.
 */
public final class SamplesMain {

    private static final Logger log = LoggerFactory.getLogger(SamplesMain.class);

    private SamplesMain() {
    }

    public static void main(String[] args) {
        Command command;
        try {
            command = CommandLine.parse(args);
        } catch (UsageException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(CommandLine.USAGE);
            System.exit(2);
            return;
        }
        if (command instanceof Command.ShowHelp) {
            System.out.println(CommandLine.USAGE);
            return;
        }
        try {
            if (command instanceof Command.RunProvider provider) {
                runProvider(provider.options(), provider.announcement());
            } else if (command instanceof Command.RunDemo demo) {
                runDemo(demo.node(), demo.basePort(), demo.announce(), demo.host());
            } else if (command instanceof Command.RunGrid grid) {
                runGrid(grid);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.error("interrupted", e);
            System.exit(1);
        } catch (TimeoutException | HomeFault | java.io.IOException | RuntimeException e) {
            log.error("samples failed", e);
            System.err.println("error: " + e.getMessage());
            System.exit(1);
        }
    }

    /** The UDP port the demo's announcements use, the standard one; bin/sd-demo starts the node on it. */
    private static final int DEMO_DISCOVERY_PORT = 3702;

    private static void runProvider(ProviderOptions options, ProviderAnnouncement announcement)
            throws InterruptedException, java.io.IOException {
        SampleProvider provider = new SampleProvider(options);
        java.util.concurrent.atomic.AtomicReference<Announcer> announcer = new java.util.concurrent.atomic.AtomicReference<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            Announcer running = announcer.get();
            if (running != null) {
                running.close(); // Bye first, so nodes stop sending here before the provider goes
            }
            provider.stop();
        }, "sd-samples-shutdown"));
        URI address = provider.start();
        if (announcement != null) {
            announcer.set(announcement.announce(provider));
            System.out.println("announced by WS-Discovery Hello (Bye at stop)");
        }
        System.out.println("READY " + address);
        System.out.println(options.service().path() + " provider " + options.name() + " serving at " + address
                + " (WSDL " + provider.wsdlAddress() + ")");
        System.out.flush();
        new CountDownLatch(1).await();
    }

    private static void runGrid(Command.RunGrid command) throws InterruptedException, TimeoutException, HomeFault {
        Map<String, String> secrets = new HashMap<>();
        for (String child : List.of("UBC", "UPM", "WFS")) {
            String secret = System.getenv("SD_SECRET_" + child);
            if (secret != null && !secret.isBlank()) {
                secrets.put(child, secret);
            }
        }
        GridDemo grid = new GridDemo(command.nodes(), secrets, command.basePort());
        Runtime.getRuntime().addShutdownHook(new Thread(grid::close, "sd-samples-shutdown"));
        grid.start(Demo.NODE_WAIT);
        for (SampleProvider provider : grid.providers()) {
            System.out.println("provider " + provider.name() + " (" + provider.options().service().path() + ") at "
                    + provider.address());
        }
        System.out.println("READY grid: UF at " + command.nodes().get("UF") + " shows the ports of UBC, UPM and WFS");
        GridDemo.USERS.forEach((user, level) -> System.out.println("  user " + user + " (" + level + "), password "
                + GridDemo.demoPassword(user)));
        System.out.flush();
        new CountDownLatch(1).await();
    }

    private static void runDemo(URI node, int basePort, boolean announce, String host)
            throws InterruptedException, TimeoutException, HomeFault, java.io.IOException {
        Demo demo = new Demo(node, basePort, host);
        Runtime.getRuntime().addShutdownHook(new Thread(demo::close, "sd-samples-shutdown"));
        for (SampleProvider provider : demo.startProviders()) {
            System.out.println("provider " + provider.name() + " (" + provider.options().service().path() + ") at "
                    + provider.address());
        }
        System.out.println("waiting up to " + Demo.NODE_WAIT.toSeconds() + " s for the node at " + demo.homeWsdl());
        System.out.flush();
        demo.awaitNode(Demo.NODE_WAIT);
        if (announce) {
            for (Announcer announcer : demo.announceAll(DEMO_DISCOVERY_PORT)) {
                System.out.println("announced " + announcer.target().xaddrs() + " by WS-Discovery Hello");
            }
            System.out.println("READY demo announced to " + node);
            System.out.flush();
            new CountDownLatch(1).await();
        }
        Map<String, List<Registration>> registered;
        try {
            registered = demo.registerAll();
        } catch (Demo.NodeHasAdministrator e) {
            System.out.println(e.getMessage());
            System.out.println("READY demo serving for " + node + " (registered by an earlier run)");
            System.out.flush();
            new CountDownLatch(1).await();
            return;
        }
        for (Map.Entry<String, List<Registration>> entry : registered.entrySet()) {
            for (Registration r : entry.getValue()) {
                System.out.println("registered " + entry.getKey() + " as instance " + r.getInstanceId()
                        + " of virtual port " + r.getVirtualPort() + " at " + r.getVirtualPortAddress());
            }
        }
        System.out.println("READY demo registered with " + node);
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
