package org.servicedomain.node.entry.home;

import java.time.ZoneOffset;
import java.util.GregorianCalendar;
import javax.xml.datatype.DatatypeConfigurationException;
import javax.xml.datatype.DatatypeFactory;
import org.servicedomain.home.v1.SessionEntry;
import org.servicedomain.home.v1.SessionInfo;
import org.servicedomain.home.v1.Statistics;
import org.servicedomain.node.core.FailureKind;
import org.servicedomain.node.engine.monitor.TrafficFigures;
import org.servicedomain.node.session.SessionActivity;

/** How the home port shows the monitor's statistics and a session's recent activity. */
final class StatisticsView {

    private static final DatatypeFactory DATATYPES;

    static {
        try {
            DATATYPES = DatatypeFactory.newInstance();
        } catch (DatatypeConfigurationException e) {
            throw new IllegalStateException("the JDK has no XML datatype factory", e);
        }
    }

    private StatisticsView() {
    }

    static Statistics of(TrafficFigures figures) {
        Statistics s = new Statistics();
        s.setPeriodSeconds(figures.periodSeconds());
        s.setRequests(figures.requests());
        s.setConnectionFailures(figures.failures(FailureKind.CONNECTION));
        s.setTimeouts(figures.failures(FailureKind.TIMEOUT));
        s.setHttpErrors(figures.failures(FailureKind.HTTP_ERROR));
        s.setSoapFaults(figures.failures(FailureKind.SOAP_FAULT));
        s.setProtocolErrors(figures.failures(FailureKind.PROTOCOL));
        s.setNoInstance(figures.noInstance());
        s.setNoInstancePercent(figures.noInstancePercent());
        s.setMeanMs(figures.meanMs());
        s.setP50Ms(figures.p50Ms());
        s.setP95Ms(figures.p95Ms());
        s.setP99Ms(figures.p99Ms());
        s.setMaxMs(figures.maxMs());
        return s;
    }

    /** An instant as an xs:dateTime in UTC. */
    static javax.xml.datatype.XMLGregorianCalendar time(java.time.Instant instant) {
        return DATATYPES.newXMLGregorianCalendar(GregorianCalendar.from(instant.atZone(ZoneOffset.UTC)));
    }

    static SessionInfo of(String sessionId, SessionActivity.Activity activity) {
        SessionInfo info = new SessionInfo();
        info.setSessionId(sessionId);
        info.setUser(activity.user());
        for (SessionActivity.Entry e : activity.entries()) {
            SessionEntry entry = new SessionEntry();
            entry.setTime(time(e.time()));
            entry.setVirtualPort(e.virtualPort());
            entry.setOperation(e.operation());
            entry.setInstanceId(e.instanceId());
            entry.setOutcome(e.outcome());
            info.getEntry().add(entry);
        }
        return info;
    }
}
