package org.servicedomain.node.policy;

import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Set;

/**
 * A named recurring span of local time, e.g. business hours, that a rule may be limited to.
 * {@link #ALL_DAY} always holds.
 */
public record TimeWindow(String name, List<Period> periods) {

    public static final String ALL_DAY_NAME = "AllDay";
    public static final TimeWindow ALL_DAY =
            new TimeWindow(ALL_DAY_NAME, List.of(new Period(Set.of(DayOfWeek.values()), LocalTime.MIN, LocalTime.MAX)));

    /** From (inclusive) to (exclusive) on the given days; a period whose end is before its start spans midnight. */
    public record Period(Set<DayOfWeek> days, LocalTime from, LocalTime to) {

        public Period {
            days = Set.copyOf(days);
        }

        boolean contains(ZonedDateTime time) {
            LocalTime t = time.toLocalTime();
            if (!from.isAfter(to)) {
                return days.contains(time.getDayOfWeek()) && !t.isBefore(from) && (t.isBefore(to) || to.equals(LocalTime.MAX));
            }
            return (days.contains(time.getDayOfWeek()) && !t.isBefore(from))
                    || (days.contains(time.getDayOfWeek().minus(1)) && t.isBefore(to));
        }
    }

    public TimeWindow {
        periods = List.copyOf(periods);
    }

    public boolean contains(ZonedDateTime time) {
        for (Period p : periods) {
            if (p.contains(time)) {
                return true;
            }
        }
        return false;
    }
}
