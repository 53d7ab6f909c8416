package org.servicedomain.node.launcher;

import org.servicedomain.node.NodeConfig;

/** The launcher's command line, parsed and checked. */
record LauncherOptions(int port, String dataDir, String host, long maxMessageBytes, String console) {

    /** The {@code --console} value that turns the console off. */
    static final String NO_CONSOLE = "none";

    static final String USAGE = "usage: java -jar sd-node-standalone.jar [--port 8080] [--data-dir ./sd-data]"
            + " [--host ADDRESS] [--max-message-bytes " + NodeConfig.DEFAULT_MAX_MESSAGE_BYTES + "]"
            + " [--console sd-admin.war|none]";

    /** The options, or null when the caller asked for help. */
    static LauncherOptions parse(String[] args) {
        int port = 8080;
        String dataDir = "sd-data";
        String host = null;
        long maxBytes = NodeConfig.DEFAULT_MAX_MESSAGE_BYTES;
        String console = null;
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            if (flag.equals("--help") || flag.equals("-h")) {
                return null;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value after " + flag);
            }
            String value = args[++i];
            switch (flag) {
                case "--port" -> port = number(flag, value, 0, 65535);
                case "--data-dir" -> dataDir = value;
                case "--host" -> host = value;
                case "--max-message-bytes" -> maxBytes = number(flag, value, 1, Integer.MAX_VALUE);
                case "--console" -> console = value;
                default -> throw new IllegalArgumentException("unknown option " + flag);
            }
        }
        return new LauncherOptions(port, dataDir, host, maxBytes, console);
    }

    private static int number(String flag, String value, int min, int max) {
        try {
            int n = Integer.parseInt(value);
            if (n < min || n > max) {
                throw new IllegalArgumentException(flag + " must be between " + min + " and " + max + " but was " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " needs a number but got " + value, e);
        }
    }
}
