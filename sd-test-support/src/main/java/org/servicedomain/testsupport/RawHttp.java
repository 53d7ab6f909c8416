package org.servicedomain.testsupport;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Raw HTTP/1.1 on a loopback socket of its own, for requests no HTTP client would send (malformed
 * heads, smuggling attempts) and for clients that send slowly.
 */
public final class RawHttp {

    /** What came back before the server closed the connection, or before the read timeout if it did not. */
    public record Answer(String text, boolean closed) {
        /** The status code of the first answer, or -1 when nothing came. */
        public int status() {
            return text.startsWith("HTTP/1.") && text.length() >= 12 ? Integer.parseInt(text.substring(9, 12)) : -1;
        }
    }

    private RawHttp() {
    }

    /** Sends {@code request} (ISO-8859-1, so any byte can be written) at once and reads the answer. */
    public static Answer send(URI address, String request, Duration readTimeout) {
        return trickle(address, request, "", Duration.ZERO, readTimeout);
    }

    /**
     * Sends {@code atOnce}, then {@code trickled} a byte at a time {@code between} apart, stopping early
     * once the server has answered or closed; then reads the answer. The pacing sleeps here, bounded
     * by the length of {@code trickled}.
     */
    public static Answer trickle(URI address, String atOnce, String trickled, Duration between, Duration readTimeout) {
        try (Socket socket = new Socket("127.0.0.1", address.getPort())) {
            socket.setSoTimeout((int) readTimeout.toMillis());
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            out.write(atOnce.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            byte[] slow = trickled.getBytes(StandardCharsets.ISO_8859_1);
            for (int i = 0; i < slow.length && in.available() == 0; i++) {
                Thread.sleep(between.toMillis());
                if (!write(out, slow[i])) {
                    break;
                }
            }
            return read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while trickling a request", e);
        }
    }

    /** Opens a keep-alive connection of its own to {@code address}'s port, for requests sent one after another. */
    public static Connection open(URI address, Duration readTimeout) {
        try {
            Socket socket = new Socket("127.0.0.1", address.getPort());
            socket.setSoTimeout((int) readTimeout.toMillis());
            return new Connection(socket);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One client connection: each {@link #exchange} writes a request and reads exactly its answer (by its Content-Length). */
    public static final class Connection implements AutoCloseable {

        private final Socket socket;
        private final InputStream in;

        private Connection(Socket socket) throws IOException {
            this.socket = socket;
            this.in = new BufferedInputStream(socket.getInputStream());
        }

        /** Sends {@code request} and reads its answer's head and body; the connection stays open. */
        public Answer exchange(String request) {
            try {
                OutputStream out = socket.getOutputStream();
                out.write(request.getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                String head = head();
                int length = contentLength(head);
                byte[] body = in.readNBytes(length);
                return new Answer(head + new String(body, StandardCharsets.ISO_8859_1), body.length < length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private String head() throws IOException {
            StringBuilder head = new StringBuilder();
            int b;
            while (!head.toString().endsWith("\r\n\r\n") && (b = in.read()) >= 0) {
                head.append((char) b);
            }
            return head.toString();
        }

        private static int contentLength(String head) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("Content-Length")) {
                    return Integer.parseInt(line.substring(colon + 1).trim());
                }
            }
            return 0;
        }

        @Override
        public void close() {
            try {
                socket.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Writes one byte; false when the server has closed (or reset) the connection already. */
    private static boolean write(OutputStream out, byte b) {
        try {
            out.write(b);
            out.flush();
            return true;
        } catch (IOException closed) {
            return false;
        }
    }

    private static Answer read(InputStream in) throws IOException {
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        boolean closed;
        try {
            int n;
            while ((n = in.read(chunk)) >= 0) {
                read.write(chunk, 0, n);
            }
            closed = true;
        } catch (SocketTimeoutException e) {
            closed = false;
        } catch (IOException reset) {
            closed = true; // a reset after the answer, when the server closed with unread bytes
        }
        return new Answer(read.toString(StandardCharsets.ISO_8859_1), closed);
    }
}
