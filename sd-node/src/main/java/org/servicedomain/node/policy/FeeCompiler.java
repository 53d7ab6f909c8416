package org.servicedomain.node.policy;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Currency;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.servicedomain.node.billing.FeeRule;
import org.servicedomain.node.billing.FeeSchedule;
import org.servicedomain.policy.v1.Fee;
import org.servicedomain.policy.v1.Fees;
import org.servicedomain.policy.v1.Organisation;
import org.servicedomain.policy.v1.Package;
import org.servicedomain.policy.v1.Policy;

/**
 * Compiles {@code fees} into a {@link FeeSchedule}, refusing with its line what the schema lets
 * through but cannot be billed: an unknown currency, user or supplier level, package or window, an
 * operation without its port, a level given both ways, two fees that match the same calls, an
 * organisation named twice.
 */
final class FeeCompiler {

    private FeeCompiler() {
    }

    /**
     * The policy's fees as a schedule, {@link FeeSchedule#NONE} without them.
     *
     * @param userLevels the declared user levels, or null when the policy declares none and so does not check them
     * @param supplierLevels the declared supplier levels, likewise
     */
    static FeeSchedule compile(Policy policy, Map<String, TimeWindow> windows, ZoneId timeZone, Set<String> userLevels,
            Set<String> supplierLevels) {
        Fees fees = policy.getFees();
        if (fees == null) {
            return FeeSchedule.NONE;
        }
        Currency currency = currency(fees);
        List<FeeRule> rules = new ArrayList<>();
        Map<List<String>, Fee> seen = new HashMap<>();
        for (Fee fee : fees.getFee()) {
            FeeRule rule = rule(fee, rules.size(), policy, windows, userLevels, supplierLevels);
            List<String> key = Arrays.asList(rule.virtualPort(), rule.operation(), rule.level(), rule.supplierLevel(),
                    rule.window());
            Fee earlier = seen.putIfAbsent(key, fee);
            if (earlier != null) {
                throw PolicyErrors.at(fee, "this fee matches the same calls as the fee at " + PolicyErrors.location(earlier)
                        + " (" + rule.label() + ")");
            }
            rules.add(rule);
        }
        return new FeeSchedule(currency, rules, organisations(fees), timeZone);
    }

    private static Currency currency(Fees fees) {
        Currency currency;
        try {
            currency = Currency.getInstance(fees.getCurrency());
        } catch (IllegalArgumentException e) {
            throw PolicyErrors.at(fees, "unknown currency '" + fees.getCurrency() + "'; give an ISO 4217 code such as EUR");
        }
        if (currency.getDefaultFractionDigits() < 0) {
            throw PolicyErrors.at(fees, "currency '" + fees.getCurrency() + "' has no minor unit to round a bill's total to");
        }
        return currency;
    }

    private static FeeRule rule(Fee fee, int order, Policy policy, Map<String, TimeWindow> windows, Set<String> userLevels,
            Set<String> supplierLevels) {
        String port = fee.getVirtualPort() == null ? null : fee.getVirtualPort().trim();
        if (fee.getOperation() != null && port == null) {
            throw PolicyErrors.at(fee, "a fee for operation '" + fee.getOperation() + "' must name its virtualPort");
        }
        if (fee.getUserLevel() != null && fee.getPackage() != null) {
            throw PolicyErrors.at(fee, "a fee names a userLevel or a package, not both");
        }
        String level = null;
        Set<String> levels = null;
        if (fee.getUserLevel() != null) {
            RuleCompiler.declared(fee, List.of(fee.getUserLevel()), userLevels, "user level");
            level = "userLevel=" + fee.getUserLevel();
            levels = Set.of(fee.getUserLevel());
        } else if (fee.getPackage() != null) {
            level = "package=" + fee.getPackage();
            levels = Set.copyOf(packageLevels(fee, policy));
        }
        if (fee.getSupplierLevel() != null) {
            RuleCompiler.declared(fee, List.of(fee.getSupplierLevel()), supplierLevels, "supplier level");
        }
        // AllDay always holds: a fee limited to it is a fee without a window
        String windowName = TimeWindow.ALL_DAY_NAME.equals(fee.getWindow()) ? null : fee.getWindow();
        TimeWindow window = windowName == null ? TimeWindow.ALL_DAY : windows.get(windowName);
        if (window == null) {
            throw PolicyErrors.at(fee, "unknown time window '" + windowName + "'");
        }
        return new FeeRule(order, port, fee.getOperation(), level, levels, fee.getSupplierLevel(), windowName, window::contains,
                fee.getPerCall());
    }

    private static List<String> packageLevels(Fee fee, Policy policy) {
        for (Package p : policy.getPackage()) {
            if (p.getName().equals(fee.getPackage())) {
                return p.getUserLevels();
            }
        }
        throw PolicyErrors.at(fee, "unknown package '" + fee.getPackage() + "'");
    }

    private static Map<String, Set<String>> organisations(Fees fees) {
        Map<String, Set<String>> organisations = new LinkedHashMap<>();
        for (Organisation o : fees.getOrganisation()) {
            Set<String> users = new LinkedHashSet<>();
            for (Organisation.Member m : o.getMember()) {
                String user = m.getUser().trim();
                if (user.isEmpty()) {
                    throw PolicyErrors.at(m, "a member of organisation '" + o.getName() + "' needs a user name");
                }
                users.add(user);
            }
            if (organisations.put(o.getName(), Set.copyOf(users)) != null) {
                throw PolicyErrors.at(o, "organisation '" + o.getName() + "' is declared twice");
            }
        }
        return organisations;
    }
}
