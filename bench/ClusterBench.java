import jakarta.xml.ws.soap.SOAPFaultException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.servicedomain.client.HomeClient;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.VirtualPortInfo;

/**
 * Client of bench/cluster.sh (not a test), run from source with sdctl.jar on the class path. It talks
 * to the members' home ports only, as an administrator's tool would:
 * <pre>
 *   propagation COUNT WSDL ENDPOINT_BASE MEMBER_BASE...   registers COUNT instances, one at a time, at
 *       the first member; after each, polls every other member until its getServiceInfo knows the new
 *       instance; prints one line per registration: {@code ms} from sending the register to the last
 *       member knowing it, then a summary line {@code propagation count N median_ms X p99_ms X max_ms X
 *       ack_median_ms X ack_p99_ms X}, the last two the time until member 1 answered the register
 *   instances MEMBER_BASE COUNT TIMEOUT_S START_EPOCH_MS  waits until the member answers and lists at
 *       least COUNT instances; prints {@code joined ms X instances N} counted from START_EPOCH_MS
 * </pre>
 * Instances differ by their endpoint address ({@code ENDPOINT_BASE?i=K}); no provider needs to run there.
 */
public class ClusterBench {

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "propagation" -> propagation(Integer.parseInt(args[1]), args[2], args[3],
                    Arrays.stream(args, 4, args.length).map(ClusterBench::home).toList());
            case "instances" -> instances(args[1], Integer.parseInt(args[2]), Long.parseLong(args[3]), Long.parseLong(args[4]));
            default -> throw new IllegalArgumentException("unknown part " + args[0]);
        }
    }

    private static HomePortType home(String memberBase) {
        return HomeClient.connect(URI.create(memberBase));
    }

    private static String register(HomePortType home, String wsdl, String endpoint) throws HomeFault {
        Register request = new Register();
        request.setWsdlLocation(wsdl);
        request.setEndpointAddress(endpoint);
        return home.register(request).getRegistration().get(0).getInstanceId();
    }

    private static void propagation(int count, String wsdl, String endpointBase, List<HomePortType> members) throws Exception {
        HomePortType first = members.get(0);
        List<HomePortType> others = members.subList(1, members.size());
        ExecutorService pollers = Executors.newFixedThreadPool(others.size());
        long[] millis = new long[count];
        long[] acks = new long[count];
        try {
            for (int i = 0; i < count; i++) {
                long start = System.nanoTime();
                String id = register(first, wsdl, endpointBase + "?propagation=" + i + "-" + start);
                acks[i] = (System.nanoTime() - start) / 1_000_000;
                List<Future<Long>> seen = new ArrayList<>();
                for (HomePortType member : others) {
                    seen.add(pollers.submit(() -> awaitInstance(member, id)));
                }
                long last = 0;
                for (Future<Long> f : seen) {
                    last = Math.max(last, f.get());
                }
                millis[i] = (last - start) / 1_000_000;
                System.out.println(millis[i]);
            }
        } finally {
            pollers.shutdownNow();
        }
        Arrays.sort(millis);
        Arrays.sort(acks);
        int p99 = Math.min(count - 1, (int) Math.ceil(count * 0.99) - 1);
        System.out.printf("propagation count %d median_ms %d p99_ms %d max_ms %d ack_median_ms %d ack_p99_ms %d%n", count,
                millis[count / 2], millis[p99], millis[count - 1], acks[count / 2], acks[p99]);
    }

    /** Polls one member until it knows the instance; returns System.nanoTime() of the first answer that does. */
    private static long awaitInstance(HomePortType member, String instanceId) throws InterruptedException {
        GetServiceInfo request = new GetServiceInfo();
        request.setInstanceId(instanceId);
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            try {
                if (!member.getServiceInfo(request).getInstance().isEmpty()) {
                    return System.nanoTime();
                }
            } catch (HomeFault | SOAPFaultException unknownYet) {
                // the member has not taken the registration in yet
            }
            Thread.sleep(1);
        }
        throw new IllegalStateException("instance " + instanceId + " did not reach a member within 30 s");
    }

    private static void instances(String memberBase, int count, long timeoutSeconds, long startEpochMillis) throws Exception {
        HomePortType member = home(memberBase);
        long deadline = System.currentTimeMillis() + timeoutSeconds * 1000;
        int seen = -1;
        while (System.currentTimeMillis() < deadline) {
            try {
                seen = member.getServiceInfo(new GetServiceInfo()).getVirtualPort().stream()
                        .mapToInt(VirtualPortInfo::getInstanceCount).sum();
                if (seen >= count) {
                    System.out.printf("joined ms %d instances %d%n", System.currentTimeMillis() - startEpochMillis, seen);
                    return;
                }
            } catch (RuntimeException notUpYet) {
                // the member is still starting: connection refused until Tomcat listens
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("the member listed " + seen + " of " + count + " instances within " + timeoutSeconds + " s");
    }
}
