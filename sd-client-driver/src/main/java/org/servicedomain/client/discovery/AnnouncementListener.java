package org.servicedomain.client.discovery;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hears the Hellos and Byes multicast on a discovery network and hands each to {@link Heard}, on a
 * daemon thread of its own, so a client learns that a node left or arrived without probing.
 * Datagrams that are not announcements (probes, matches, noise) are skipped.
 */
final class AnnouncementListener implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AnnouncementListener.class);

    /** What the listener tells about each announcement heard. */
    interface Heard {
        void hello(Target target);

        void bye(Target target);
    }

    private final DatagramChannel channel;
    private final Heard heard;
    private final Thread reader;

    private AnnouncementListener(DatagramChannel channel, Heard heard, String name) {
        this.channel = channel;
        this.heard = heard;
        this.reader = new Thread(this::read, name);
        reader.setDaemon(true);
    }

    /** Joins the group of {@code network} (on its interface) and starts listening. */
    static AnnouncementListener start(DiscoveryNetwork network, Heard heard) throws IOException {
        AnnouncementListener listener = new AnnouncementListener(network.openListener(), heard,
                "sd-discovery-announcements-" + network.port());
        listener.reader.start();
        return listener;
    }

    private void read() {
        ByteBuffer buffer = ByteBuffer.allocate(DiscoveryXml.MAX_BYTES + 1);
        while (channel.isOpen()) {
            try {
                buffer.clear();
                channel.receive(buffer);
                buffer.flip();
                byte[] bytes = new byte[buffer.remaining()];
                buffer.get(bytes);
                deliver(bytes);
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                LOG.warn("the announcement listener stops: {}", e.toString());
                return;
            }
        }
    }

    private void deliver(byte[] bytes) {
        DiscoveryXml.Announcement announcement;
        try {
            announcement = DiscoveryXml.readAnnouncement(bytes, bytes.length);
        } catch (IOException e) {
            LOG.trace("a datagram that is not a Hello or Bye was skipped: {}", e.toString());
            return;
        }
        try {
            if (announcement.hello()) {
                heard.hello(announcement.target());
            } else {
                heard.bye(announcement.target());
            }
        } catch (RuntimeException e) {
            LOG.warn("an announcement of {} could not be taken in", announcement.target().address(), e);
        }
    }

    /** Leaves the group and stops the reader. */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            LOG.warn("the announcement listener's socket did not close: {}", e.toString());
        }
        try {
            reader.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
