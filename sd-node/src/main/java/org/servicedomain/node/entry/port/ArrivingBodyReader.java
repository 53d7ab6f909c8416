package org.servicedomain.node.entry.port;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.ArrivingBody;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/**
 * Reads a request's body with the servlet container's non-blocking I/O: no thread waits while a
 * client sends slowly. Refuses a body over the message limit as soon as it is known to be, and
 * hands itself to the {@link BodyWatch} when the body did not arrive at once, so a body that takes
 * too long, or trickles, is refused too.
 */
public final class ArrivingBodyReader implements ReadListener {

    private static final int FIRST_BUFFER_BYTES = 16 * 1024;

    private final ServletInputStream in;
    private final BodyPolicy policy;
    private final BodyWatch watch;
    private final CompletableFuture<byte[]> bytes = new CompletableFuture<>();
    private final long startedNanos = System.nanoTime();
    private byte[] buffer;
    private volatile int size;
    private boolean watched;

    private ArrivingBodyReader(ServletInputStream in, BodyPolicy policy, long declared, BodyWatch watch) {
        this.in = in;
        this.policy = policy;
        this.watch = watch;
        // a declared length only sizes the first buffer up to FIRST_BUFFER_BYTES: a client that declares
        // megabytes and sends nothing holds no more memory than one that declares nothing
        this.buffer = new byte[(int) Math.min(declared >= 0 ? declared : FIRST_BUFFER_BYTES, Math.min(FIRST_BUFFER_BYTES, policy.maxBytes()))];
    }

    /** Starts reading {@code request}'s body; the request must already be asynchronous. */
    public static ArrivingBody start(HttpServletRequest request, BodyPolicy policy, BodyWatch watch) {
        long declared = request.getContentLengthLong();
        if (declared > policy.maxBytes()) {
            return new ArrivingBody(CompletableFuture.failedFuture(refused(policy.tooLarge(declared))));
        }
        ArrivingBodyReader reader;
        try {
            reader = new ArrivingBodyReader(request.getInputStream(), policy, declared, watch);
        } catch (IOException e) {
            return new ArrivingBody(CompletableFuture.failedFuture(refused("the request's body could not be read: " + e)));
        }
        reader.in.setReadListener(reader);
        return new ArrivingBody(reader.bytes);
    }

    @Override
    public void onDataAvailable() throws IOException {
        while (!bytes.isDone() && in.isReady()) {
            if (size == buffer.length) {
                buffer = Arrays.copyOf(buffer, (int) Math.min(Math.max(16, buffer.length * 2L), policy.maxBytes() + 1));
            }
            int n = in.read(buffer, size, buffer.length - size);
            if (n < 0) {
                return;
            }
            size += n;
            if (size > policy.maxBytes()) {
                fail(policy.overLimit());
                return;
            }
        }
        if (!watched && !bytes.isDone() && !in.isFinished()) {
            watched = true;
            watch.add(this);
        }
    }

    @Override
    public void onAllDataRead() {
        bytes.complete(size == buffer.length ? buffer : Arrays.copyOf(buffer, size));
        watch.remove(this);
    }

    @Override
    public void onError(Throwable t) {
        fail("the request's body could not be read: " + t);
    }

    /** Refuses the body, unless it is complete already. */
    void fail(String why) {
        bytes.completeExceptionally(refused(why));
        watch.remove(this);
    }

    boolean isDone() {
        return bytes.isDone();
    }

    int received() {
        return size;
    }

    long startedNanos() {
        return startedNanos;
    }

    private static NodeFault refused(String why) {
        return new NodeFault(FaultCode.BadRequest, why);
    }
}
