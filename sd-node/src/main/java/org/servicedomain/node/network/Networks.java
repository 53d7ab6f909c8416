package org.servicedomain.node.network;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A list of IP networks in CIDR notation ({@code 10.0.0.0/8, ::1/128}; a bare address is a network
 * of one). Immutable; built from configuration text, which it checks with clear messages.
 */
public final class Networks {

    /** No network at all. */
    public static final Networks NONE = new Networks(List.of());
    /** The loopback networks, {@code 127.0.0.0/8} and {@code ::1}. */
    public static final Networks LOOPBACK = parse("127.0.0.0/8, ::1/128");
    /** The link-local networks, {@code 169.254.0.0/16} (cloud metadata lives there) and {@code fe80::/10}. */
    public static final Networks LINK_LOCAL = parse("169.254.0.0/16, fe80::/10");

    private record Block(byte[] network, int prefix, String text) {

        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int whole = prefix / 8;
            for (int i = 0; i < whole; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xFF << (8 - rest)) & 0xFF;
            return (address[whole] & mask) == (network[whole] & mask);
        }
    }

    private final List<Block> blocks;

    private Networks(List<Block> blocks) {
        this.blocks = List.copyOf(blocks);
    }

    /** The networks of a comma- or space-separated list; null or blank gives {@link #NONE}. */
    public static Networks parse(String list) {
        if (list == null || list.isBlank()) {
            return NONE;
        }
        List<Block> blocks = new ArrayList<>();
        for (String item : list.trim().split("[,\\s]+")) {
            blocks.add(block(item));
        }
        return new Networks(blocks);
    }

    private static Block block(String text) {
        int slash = text.indexOf('/');
        String host = slash < 0 ? text : text.substring(0, slash);
        InetAddress parsed = literal(host);
        if (parsed == null) {
            throw new IllegalArgumentException("a network must be an IP address or CIDR block but was " + text);
        }
        byte[] address = parsed.getAddress();
        int prefix = address.length * 8;
        if (slash >= 0) {
            try {
                prefix = Integer.parseInt(text.substring(slash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the prefix length of " + text + " is not a number", e);
            }
            if (prefix < 0 || prefix > address.length * 8) {
                throw new IllegalArgumentException("the prefix length of " + text + " must be between 0 and "
                        + address.length * 8 + " but was " + prefix);
            }
        }
        return new Block(address, prefix, text);
    }

    /** These networks and {@code others}. */
    public Networks and(Networks others) {
        List<Block> all = new ArrayList<>(blocks);
        all.addAll(others.blocks);
        return new Networks(all);
    }

    public boolean isEmpty() {
        return blocks.isEmpty();
    }

    public boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (address instanceof java.net.Inet6Address && isIpv4Mapped(bytes)) {
            bytes = Arrays.copyOfRange(bytes, 12, 16);
        }
        for (Block block : blocks) {
            if (block.contains(bytes)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code literal}, an IP address as text (a servlet's remote address), lies in these networks. */
    public boolean containsLiteral(String literal) {
        InetAddress address = literal(literal);
        return address != null && contains(address);
    }

    /** The address {@code text} spells as an IP literal, or null; never asks DNS. */
    public static InetAddress literal(String text) {
        if (text == null) {
            return null;
        }
        String bare = text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
        int scope = bare.indexOf('%');
        if (scope >= 0) {
            bare = bare.substring(0, scope);
        }
        boolean ipv4 = bare.matches("\\d{1,3}(\\.\\d{1,3}){3}");
        boolean ipv6 = bare.contains(":") && bare.matches("[0-9A-Fa-f:.]+");
        if (!ipv4 && !ipv6) {
            return null;
        }
        try {
            return InetAddress.getByName(bare);
        } catch (UnknownHostException e) {
            return null;
        }
    }

    private static boolean isIpv4Mapped(byte[] bytes) {
        for (int i = 0; i < 10; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return bytes[10] == (byte) 0xFF && bytes[11] == (byte) 0xFF;
    }

    @Override
    public String toString() {
        return blocks.stream().map(Block::text).collect(Collectors.joining(", "));
    }
}
