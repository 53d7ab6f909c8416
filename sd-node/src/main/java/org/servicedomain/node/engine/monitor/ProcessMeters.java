package org.servicedomain.node.engine.monitor;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JVM and process meters of {@code /sd/metrics} (memory, GC, threads, class loading, CPU,
 * uptime, file descriptors) and {@code sd_build_info}, bound when the node opens so that a fresh
 * node serves them before its first request. Closing releases what the binders hold (the GC
 * binder's notification listeners).
 */
public final class ProcessMeters implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ProcessMeters.class);

    /** Gauge always 1, labelled with the node's version and build; {@code sd_build_info}. */
    public static final String BUILD_INFO = "sd.build.info";

    private final List<MeterBinder> binders;

    private ProcessMeters(List<MeterBinder> binders) {
        this.binders = binders;
    }

    /** Binds every JVM and process binder, and the build gauge labelled {@code version} and {@code build}, to {@code registry}. */
    public static ProcessMeters bind(MeterRegistry registry, String version, String build) {
        List<MeterBinder> binders = List.of(new JvmMemoryMetrics(), new JvmGcMetrics(), new JvmThreadMetrics(),
                new ClassLoaderMetrics(), new ProcessorMetrics(), new UptimeMetrics(), new FileDescriptorMetrics());
        binders.forEach(b -> b.bindTo(registry));
        Gauge.builder(BUILD_INFO, () -> 1)
                .description("The node's version and build; always 1")
                .tags("version", version, "build", build)
                .register(registry);
        return new ProcessMeters(binders);
    }

    @Override
    public void close() {
        for (MeterBinder binder : binders) {
            if (binder instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    LOG.warn("the meter binder {} did not close cleanly", binder.getClass().getSimpleName(), e);
                }
            }
        }
    }
}
