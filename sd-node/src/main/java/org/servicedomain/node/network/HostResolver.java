package org.servicedomain.node.network;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Resolves a host name to its addresses. The node uses the system's resolver; a test answers for
 * names of its own, so it can change what a name resolves to between registration and dispatch.
 */
@FunctionalInterface
public interface HostResolver {

    /** The system's resolver ({@link InetAddress#getAllByName(String)}). */
    HostResolver SYSTEM = InetAddress::getAllByName;

    /** Every address {@code host} resolves to now; never empty. */
    InetAddress[] resolve(String host) throws UnknownHostException;
}
