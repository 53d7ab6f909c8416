package org.servicedomain.node.config;

/**
 * How a WAR deployed in a stock Tomcat reads one option: as the context parameter (or system property)
 * {@code name}.
 *
 * @param name the context parameter, {@code sd.} and the option's name in camel case ({@code sd.maxMessageBytes})
 * @param defaultValue what a WAR takes when the parameter is not set, where it differs from the launcher's
 *     default; null for the launcher's
 * @param why why a WAR's default differs; null when it does not
 */
public record WarParameter(String name, String defaultValue, String why) {

    /** The context parameter of option {@code optionName}: {@code max-message-bytes} is {@code sd.maxMessageBytes}. */
    public static String nameOf(String optionName) {
        StringBuilder parameter = new StringBuilder("sd.");
        boolean upper = false;
        for (char c : optionName.toCharArray()) {
            if (c == '-') {
                upper = true;
            } else {
                parameter.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return parameter.toString();
    }
}
