package org.servicedomain.node.core;

/** Whether an instance takes requests; only operational instances are ever selected. */
public enum InstanceState {
    OPERATIONAL("operational"),
    DOWN("down"),
    STANDBY("standby");

    private final String wireName;

    InstanceState(String wireName) {
        this.wireName = wireName;
    }

    /** The word used on the home port and in the catalog file. */
    public String wireName() {
        return wireName;
    }

    public static InstanceState fromWireName(String name) {
        for (InstanceState s : values()) {
            if (s.wireName.equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown instance state " + name);
    }
}
