package org.servicedomain.node.qos;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Rates and probabilities as people read them: a whole number without a fraction, else at most 6 decimals. */
final class RateText {

    /** Decimals kept: well below any rate an operator plans with, well above double rounding noise. */
    static final int DECIMALS = 6;

    private RateText() {
    }

    /** {@code value} rounded to {@link #DECIMALS} decimals, trailing zeros dropped. */
    static BigDecimal rounded(double value) {
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(DECIMALS, RoundingMode.HALF_UP).stripTrailingZeros();
        return rounded.scale() < 0 ? rounded.setScale(0) : rounded;
    }

    static String of(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return Double.toString(value);
        }
        return rounded(value).toPlainString();
    }
}
