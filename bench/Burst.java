import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.Timeout;

/**
 * Load tool of bench/proxy-comparison.sh's concurrency part (not a test): bursts of COUNT SOAP
 * requests sent at once, on COUNT connections that stay open from burst to burst (as 5,000 callers
 * with keep-alive would hold them); each burst ends when every request is answered or timed out.
 * The first burst opens the connections in waves, so that it measures the proxy and not the length
 * of its accept queue. One line per burst: {@code burst ID sent N ok N non2xx N errors N p50_ms X
 * p99_ms X max_ms X seconds X cpu_us_per_req X}, the last from {@code /proc/PID/stat} of the proxy.
 * wrk cannot do this: it keeps every connection busy for a duration instead. The JDK's own HTTP
 * client cannot either: with 5,000 connections it used more CPU than the proxies it measured, so
 * this uses HttpClient 5's async client from the node's jar.
 *
 *   java -cp sd-node/target/sd-node-standalone.jar bench/Burst.java URL COUNT TIMEOUT_SECONDS BODY_FILE WARMUP_BURSTS MEASURED_BURSTS PROXY_PID CLK_TCK
 */
public final class Burst {

    private static final ContentType XML = ContentType.create("text/xml", java.nio.charset.StandardCharsets.UTF_8);

    private static final int WAVE = 250;

    public static void main(String[] args) throws Exception {
        URI url = URI.create(args[0]);
        int count = Integer.parseInt(args[1]);
        Duration timeout = Duration.ofSeconds(Long.parseLong(args[2]));
        byte[] body = Files.readAllBytes(Path.of(args[3]));
        int warmups = Integer.parseInt(args[4]);
        int measured = Integer.parseInt(args[5]);
        Path proxyStat = Path.of("/proc", args[6], "stat");
        long ticksPerSecond = Long.parseLong(args[7]);
        PoolingAsyncClientConnectionManager pool = PoolingAsyncClientConnectionManagerBuilder.create()
                .setMaxConnTotal(count).setMaxConnPerRoute(count)
                .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(Timeout.of(timeout)).build()).build();
        CloseableHttpAsyncClient client = HttpAsyncClients.custom().setConnectionManager(pool)
                .setIOReactorConfig(IOReactorConfig.custom().setIoThreadCount(2).setTcpNoDelay(true).build())
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(Timeout.of(timeout))
                        .setConnectionRequestTimeout(Timeout.of(timeout)).build())
                .disableAutomaticRetries().build();
        client.start();
        for (int b = 1; b <= warmups + measured; b++) {
            String id = b <= warmups ? "w" + b : String.valueOf(b - warmups);
            long ticks = ticks(proxyStat);
            String line = burst(client, url, body, count, b == 1);
            long used = ticks(proxyStat) - ticks;
            long ok = Long.parseLong(line.split(" ")[3]);
            System.out.printf("burst %s %s cpu_us_per_req %.1f%n", id, line,
                    ok > 0 ? used * 1e6 / ticksPerSecond / ok : 0.0);
        }
        client.close();
    }

    private static String burst(CloseableHttpAsyncClient client, URI url, byte[] body, int count, boolean inWaves)
            throws InterruptedException {
        long start = System.nanoTime();
        long[] millis = new long[count];
        int[] status = new int[count];
        CountDownLatch done = new CountDownLatch(count);
        for (int i = 0; i < count; i++) {
            if (inWaves && i > 0 && i % WAVE == 0) {
                Thread.sleep(50);
            }
            int n = i;
            SimpleHttpRequest request = SimpleRequestBuilder.post(url).setBody(body, XML)
                    .addHeader("SOAPAction", "\"urn:sd:samples:stockquote#getQuote\"").build();
            client.execute(request, new FutureCallback<SimpleHttpResponse>() {
                @Override
                public void completed(SimpleHttpResponse response) {
                    finish(response.getCode());
                }

                @Override
                public void failed(Exception e) {
                    finish(-1);
                }

                @Override
                public void cancelled() {
                    finish(-1);
                }

                private void finish(int code) {
                    millis[n] = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                    status[n] = code;
                    done.countDown();
                }
            });
        }
        done.await();
        double seconds = (System.nanoTime() - start) / 1e9;
        long ok = Arrays.stream(status).filter(s -> s >= 200 && s < 300).count();
        long errors = Arrays.stream(status).filter(s -> s < 0).count();
        long[] sorted = millis.clone();
        Arrays.sort(sorted);
        int p99 = (int) Math.min(count - 1, Math.ceil(count * 0.99) - 1);
        return String.format("sent %d ok %d non2xx %d errors %d p50_ms %d p99_ms %d max_ms %d seconds %.2f", count, ok,
                count - ok - errors, errors, sorted[count / 2], sorted[p99], sorted[count - 1], seconds);
    }

    /** utime + stime of a process, in clock ticks (fields 14 and 15 of /proc/PID/stat). */
    private static long ticks(Path stat) throws java.io.IOException {
        String text = Files.readString(stat);
        String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
