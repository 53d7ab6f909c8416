package org.servicedomain.it.discovery;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.samples.stockquote.StockQuotePortType;
import org.servicedomain.testsupport.LoopbackDiscovery;

/**
 * A WS-Discovery 1.1 peer on {@code lo} whose answers a test scripts: it joins the group on the
 * fixture's port, records the Action of every datagram, and sends back to the sender what
 * {@link Script} returns for it. Stands for devices and proxies this project has no code for.
 */
final class ScriptedDiscoveryPeer implements AutoCloseable {

    static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    static final String WSA = "http://www.w3.org/2005/08/addressing";
    static final String WSD = WsDiscoveryVersion.V11.namespace();
    private static final Pattern ACTION = Pattern.compile("Action>([^<]+)<");
    private static final Pattern MESSAGE_ID = Pattern.compile("MessageID>([^<]+)<");

    /** What to answer one message with (its Action, MessageID and whole text), or null for nothing. */
    @FunctionalInterface
    interface Script {
        byte[] answer(String action, String messageId, String message);
    }

    private final DatagramChannel channel;
    private final Thread reader;
    private final Script script;
    private final CopyOnWriteArrayList<String> heardActions = new CopyOnWriteArrayList<>();

    ScriptedDiscoveryPeer(LoopbackDiscovery discovery, Script script) {
        this.script = script;
        this.channel = discovery.joinGroup();
        reader = new Thread(this::read, "scripted-discovery-peer");
        reader.setDaemon(true);
        reader.start();
    }

    /** The Action of every datagram heard on the group so far. */
    java.util.List<String> heardActions() {
        return java.util.List.copyOf(heardActions);
    }

    /** A SOAP 1.2 envelope of {@code action} ({@code d:} prefixed body), relating to {@code relatesTo} or multicast when null. */
    static byte[] envelope(String action, String relatesTo, String body) {
        return ("<s:Envelope xmlns:s=\"" + SOAP12 + "\" xmlns:a=\"" + WSA + "\" xmlns:d=\"" + WSD + "\" xmlns:q=\""
                + StockQuotePortType.NAMESPACE + "\"><s:Header><a:Action>" + WSD + "/" + action + "</a:Action>"
                + "<a:MessageID>urn:uuid:" + UUID.randomUUID() + "</a:MessageID>"
                + (relatesTo == null ? "<a:To>" + WsDiscoveryVersion.V11.to() + "</a:To>"
                        : "<a:RelatesTo>" + relatesTo + "</a:RelatesTo>")
                + "<d:AppSequence InstanceId=\"1\" MessageNumber=\"" + System.nanoTime() + "\"/>"
                + "</s:Header><s:Body>" + body + "</s:Body></s:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    /** An endpoint's content: reference, types (with {@code q:} for the stock-quote namespace), XAddrs if any. */
    static String endpoint(String reference, String types, String xaddrs) {
        return "<a:EndpointReference><a:Address>" + reference + "</a:Address></a:EndpointReference>"
                + "<d:Types>" + types + "</d:Types>" + (xaddrs == null ? "" : "<d:XAddrs>" + xaddrs + "</d:XAddrs>")
                + "<d:MetadataVersion>1</d:MetadataVersion>";
    }

    private void read() {
        ByteBuffer buffer = ByteBuffer.allocate(70_000);
        while (channel.isOpen()) {
            try {
                buffer.clear();
                SocketAddress from = channel.receive(buffer);
                buffer.flip();
                String message = StandardCharsets.UTF_8.decode(buffer).toString();
                Matcher action = ACTION.matcher(message);
                Matcher id = MESSAGE_ID.matcher(message);
                if (action.find() && id.find()) {
                    heardActions.add(action.group(1));
                    byte[] answer = script.answer(action.group(1), id.group(1), message);
                    if (answer != null) {
                        channel.send(ByteBuffer.wrap(answer), from);
                    }
                }
            } catch (IOException e) {
                return;
            }
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
            reader.join(1000);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
