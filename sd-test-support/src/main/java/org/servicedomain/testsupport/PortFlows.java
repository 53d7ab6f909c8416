package org.servicedomain.testsupport;

import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.servicedomain.home.v1.FlowInfo;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.samples.provider.SampleProvider;

/** A virtual port's priority-class flows as the node shows them, and a low queue filled to a length of one. */
public final class PortFlows {

    private final RunningNode node;
    private final String port;

    public PortFlows(RunningNode node, String port) {
        this.node = node;
        this.port = port;
    }

    /** The port's concurrency limit, as its metric shows it; NaN while it has none. */
    public double concurrencyLimit() {
        List<PrometheusText.Sample> limit = PrometheusText.scrape(URI.create(node.baseUri() + "/metrics"))
                .samples("sd_qos_concurrency_limit_requests", Map.of("virtual_port", port));
        return limit.size() == 1 ? limit.get(0).value() : Double.NaN;
    }

    /** The flow of {@code priorityClass} on the port. */
    public FlowInfo flow(String priorityClass) throws Exception {
        return node.home().getServiceInfo(new GetServiceInfo()).getFlow().stream()
                .filter(f -> f.getVirtualPort().equals(port) && f.getPriorityClass().equals(priorityClass)).findFirst()
                .orElseThrow();
    }

    /** How many calls of {@code priorityClass} wait in the port's queue. */
    public int queued(String priorityClass) throws Exception {
        return node.home().getServiceInfo(new GetServiceInfo()).getFlow().stream()
                .filter(f -> f.getVirtualPort().equals(port) && f.getPriorityClass().equals(priorityClass))
                .mapToInt(FlowInfo::getQueued).sum();
    }

    /**
     * On a port whose one instance takes one call at a time (one connection) and whose policy queues
     * one call per flow: one served call makes the flows, then, with {@code provider} answering after
     * {@code delay}, one low call goes into service and one waits in the low queue. The two held calls
     * are returned; they end once the provider answers.
     */
    public List<Future<SoapReply>> fillLowQueue(URI address, SampleProvider provider, Duration delay,
            ExecutorService callers) {
        if (StockQuoteCalls.getQuote(address, "LOW").status() != 200) {
            throw new IllegalStateException("the port does not serve a low call");
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> concurrencyLimit() == 1.0); // its instance's limit holds
        provider.setDelayMs(delay.toMillis());
        List<Future<SoapReply>> held = List.of(callers.submit(() -> StockQuoteCalls.getQuote(address, "LOW")),
                callers.submit(() -> StockQuoteCalls.getQuote(address, "LOW")));
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50)).until(() -> queued("low") == 1);
        return held;
    }

}
