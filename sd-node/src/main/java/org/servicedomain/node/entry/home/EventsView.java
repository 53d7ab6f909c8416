package org.servicedomain.node.entry.home;

import org.servicedomain.home.v1.EventInfo;
import org.servicedomain.home.v1.GetEvents;
import org.servicedomain.home.v1.GetEventsResponse;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.engine.events.EventRing;

/** How the home port's getEvents shows the node's kept events. */
final class EventsView {

    private EventsView() {
    }

    static GetEventsResponse of(GetEvents request, EventRing ring) {
        long after = request.getAfter() == null ? 0 : request.getAfter();
        int max = request.getMax() == null ? ring.capacity() : request.getMax();
        if (after < 0) {
            throw new NodeFault(FaultCode.BadRequest, "after must be a sequence number (0 or more) but was " + after);
        }
        if (max < 1 || max > ring.capacity()) {
            throw new NodeFault(FaultCode.BadRequest, "max must be between 1 and " + ring.capacity() + " but was " + max);
        }
        EventRing.Page page = ring.after(after, max);
        GetEventsResponse response = new GetEventsResponse();
        for (EventRing.Numbered n : page.events()) {
            EventInfo info = new EventInfo();
            info.setSequence(n.sequence());
            info.setTime(StatisticsView.time(n.event().time()));
            info.setKind(n.event().type().name());
            info.setVirtualPort(n.event().virtualPort());
            info.setInstanceId(n.event().instanceId());
            info.setMessage(n.event().detail());
            response.getEvent().add(info);
        }
        response.setLastSequence(page.lastSequence());
        return response;
    }
}
