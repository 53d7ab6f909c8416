package org.servicedomain.node.cluster;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ACLs of a cluster whose members authenticate ({@link ClusterCredential}): every znode they create,
 * parents and the cluster's root included, is readable and writable by the creator's credential alone.
 * The one exception is {@value #CLUSTERS}, which clusters of other credentials on the same ensemble
 * share: anyone may list it and create a cluster's root in it, nobody else may delete or change it.
 */
final class MemberAcls implements ACLProvider {

    private static final Logger LOG = LoggerFactory.getLogger(MemberAcls.class);
    static final String CLUSTERS = "/servicedomain";
    /** Not a {@code List.of}: ZooKeeper asks the list whether it holds null, which such a list refuses to answer. */
    private static final List<ACL> SHARED_PARENT = Collections.unmodifiableList(new ArrayList<>(Arrays.asList(
            new ACL(ZooDefs.Perms.ALL, ZooDefs.Ids.AUTH_IDS),
            new ACL(ZooDefs.Perms.READ | ZooDefs.Perms.CREATE, ZooDefs.Ids.ANYONE_ID_UNSAFE))));
    /** How many znodes tightening visits at most, so that a runaway tree cannot hold the start forever. */
    static final int MAX_TIGHTENED = 1_000_000;

    @Override
    public List<ACL> getDefaultAcl() {
        return ZooDefs.Ids.CREATOR_ALL_ACL;
    }

    @Override
    public List<ACL> getAclForPath(String path) {
        return CLUSTERS.equals(path) ? SHARED_PARENT : ZooDefs.Ids.CREATOR_ALL_ACL;
    }

    /**
     * Makes every znode of the cluster (relative to {@code client}'s namespace, its root included) that
     * anyone may use the credential's alone: the znodes an earlier release, or a member without the
     * credential, created open. Returns how many it changed; fails when a znode belongs to another credential.
     */
    static int tighten(CuratorFramework client) throws IOException {
        Deque<String> paths = new ArrayDeque<>(List.of("/"));
        int visited = 0;
        int changed = 0;
        while (!paths.isEmpty() && visited++ < MAX_TIGHTENED) {
            String path = paths.pop();
            try {
                if (open(client.getACL().forPath(path))) {
                    client.setACL().withACL(ZooDefs.Ids.CREATOR_ALL_ACL).forPath(path);
                    changed++;
                }
                for (String child : client.getChildren().forPath(path)) {
                    paths.push(ZKPaths.makePath(path, child));
                }
            } catch (KeeperException.NoNodeException gone) {
                LOG.debug("{} went while its ACL was being tightened", path);
            } catch (KeeperException.NoAuthException e) {
                throw new IOException("the cluster's znode " + path + " belongs to another ZooKeeper credential than"
                        + " this member's --cluster-auth user; every member needs the same credential", e);
            } catch (Exception e) {
                throw ZooKeeperFailure.of("tighten the ACL of " + path, e);
            }
        }
        return changed;
    }

    private static boolean open(List<ACL> acls) {
        return acls.stream().anyMatch(acl -> "world".equals(acl.getId().getScheme()));
    }
}
