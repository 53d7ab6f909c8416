package org.servicedomain.node.cluster;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How a node joins a cluster (docs/cluster.md): the ZooKeeper ensemble and the cluster's name, whose
 * state lives under {@code /servicedomain/NAME}, and the credential its members share.
 *
 * @param zookeeper the ensemble, {@code HOST:PORT[,HOST:PORT...]}
 * @param name the cluster's name: letters, digits, {@code .}, {@code _} and {@code -}
 * @param credential the members' ZooKeeper digest credential, which makes every znode theirs alone;
 *     null for none, when anyone who reaches ZooKeeper can read and change the cluster (warned at start)
 */
public record ClusterConfig(String zookeeper, String name, ClusterCredential credential) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final Pattern ENSEMBLE = Pattern.compile("[A-Za-z0-9.\\-\\[\\]:]+:\\d{1,5}(,[A-Za-z0-9.\\-\\[\\]:]+:\\d{1,5})*");

    public ClusterConfig {
        Objects.requireNonNull(zookeeper, "zookeeper");
        Objects.requireNonNull(name, "name");
        if (!ENSEMBLE.matcher(zookeeper).matches()) {
            throw new IllegalArgumentException("zookeeper must be HOST:PORT[,HOST:PORT...] but was " + zookeeper);
        }
        if (!NAME.matcher(name).matches() || name.equals(".") || name.equals("..")) {
            throw new IllegalArgumentException("cluster must be 1 to 64 letters, digits, '.', '_' or '-' but was " + name);
        }
    }

    /** A cluster without a credential: its znodes open to anyone who reaches ZooKeeper. */
    public ClusterConfig(String zookeeper, String name) {
        this(zookeeper, name, null);
    }

    /** This cluster, its members authenticating with {@code credential} (null for none). */
    public ClusterConfig withCredential(ClusterCredential credential) {
        return new ClusterConfig(zookeeper, name, credential);
    }

    /** The ZooKeeper path under which the cluster's state lives. */
    public String root() {
        return "/servicedomain/" + name;
    }
}
