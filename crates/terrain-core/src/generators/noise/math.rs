//! Arithmetic that gives the same bits on every target.
//!
//! The standard library's `powf`, `exp`, `ln`, `sin` and `cos` call the
//! platform's maths library, and two libraries may round differently in the
//! last bit, which would break our native-and-wasm fingerprints. IEEE 754
//! rounds `+`, `-`, `*`, `/` and `sqrt` exactly, so everything here is built
//! from those (and integer operations) alone. Rust never fuses a multiply
//! and an add on its own, so the compiler cannot change a result either.

/// `⌊x⌋` as an integer, for `|x|` below 2^62.
///
/// A cast truncates toward zero; a negative non-integer then needs one
/// less. Cheaper than `f64::floor` on targets without a rounding
/// instruction, and exact either way.
#[inline]
pub(crate) fn floor_to_int(x: f64) -> i64 {
    let truncated = x as i64;
    if (truncated as f64) > x {
        truncated - 1
    } else {
        truncated
    }
}

/// `x` rounded to the nearest integer, halves up, for `0 <= x < 2^62`.
#[inline]
pub(crate) fn round_to_int(x: f64) -> i64 {
    floor_to_int(x + 0.5)
}

/// `base` raised to `power`, for `base` in `[0, 1]` and `power` in
/// `(0, 64]`: `2^(power · log2 base)` with both halves written out below.
///
/// Relative error under 1e-14 against a correctly rounded `powf` (the
/// tests check it); `0^p` is 0 and `1^p` is exactly 1, so a normalized map
/// keeps its lowest and highest points where they were.
pub(crate) fn pow_unit(base: f64, power: f64) -> f64 {
    if base <= 0.0 {
        return 0.0;
    }
    if base >= 1.0 {
        return 1.0;
    }
    exp2(power * log2(base))
}

/// `log2 x` for a finite `x > 0`.
///
/// Splits `x` into `m · 2^e` with `m` in `[1, 2)`, and `m` into
/// `c · (1 + t)`, where `c = 1 + i/256` is `m` cut to its top 8 fraction
/// bits (so `0 <= t < 1/256`). `log2 c` comes from a table; `ln(1 + t)`
/// from seven terms of its series, the first one left out being below
/// 1e-20.
pub(crate) fn log2(x: f64) -> f64 {
    const MANTISSA_BITS: u64 = (1 << 52) - 1;
    const ONE_BITS: u64 = 1023 << 52;
    let (mut x, mut exponent) = (x, 0i64);
    if x < f64::MIN_POSITIVE {
        // A subnormal has fewer mantissa bits; scale it into the normal range.
        x *= 18_014_398_509_481_984.0; // 2^54, exact
        exponent -= 54;
    }
    let bits = x.to_bits();
    exponent += ((bits >> 52) & 0x7ff) as i64 - 1023;
    let fraction = bits & MANTISSA_BITS;
    let step = (fraction >> (52 - LOG_STEP_BITS)) as usize;
    let mantissa = f64::from_bits(fraction | ONE_BITS);
    let t = mantissa * INVERSE_STEPS[step] - 1.0;
    // ln(1 + t) = t (1 − t/2 + t²/3 − … + t⁶/7), by Horner's scheme.
    const COEFFICIENTS: [f64; 6] = [
        -1.0 / 6.0,
        1.0 / 5.0,
        -1.0 / 4.0,
        1.0 / 3.0,
        -1.0 / 2.0,
        1.0,
    ];
    let mut series = 1.0 / 7.0;
    for coefficient in COEFFICIENTS {
        series = coefficient + t * series;
    }
    exponent as f64 + LOG2_STEPS[step] + t * series * std::f64::consts::LOG2_E
}

/// `2^y` for a finite `y <= 0`; results below the smallest subnormal are 0.
///
/// Splits `y` into `n/256 + s` with `n` whole and `s` in `[0, 1/256)`;
/// `2^(n/256)` is a whole power of two (through the exponent bits) times
/// a table entry `2^(k/256)`, and `2^s = e^(s ln 2)` takes six terms of
/// the exponential's series, the first one left out being below 1e-18.
pub(crate) fn exp2(y: f64) -> f64 {
    if y < -1075.0 {
        return 0.0;
    }
    let steps = floor_to_int(y * EXP_STEPS as f64);
    let w = (y - steps as f64 / EXP_STEPS as f64) * std::f64::consts::LN_2;
    // 1 + w + w²/2! + … + w⁶/6!, by Horner's scheme.
    const COEFFICIENTS: [f64; 6] = [1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 1.0 / 2.0, 1.0, 1.0];
    let mut series = 1.0 / 720.0;
    for coefficient in COEFFICIENTS {
        series = coefficient + w * series;
    }
    let step = (steps & (EXP_STEPS as i64 - 1)) as usize;
    scale_by_power_of_two(EXP2_STEPS[step] * series, steps >> EXP_STEP_BITS)
}

/// The logarithm's table is indexed by this many top fraction bits.
const LOG_STEP_BITS: u32 = 8;
const LOG_STEPS: usize = 1 << LOG_STEP_BITS;
/// The exponential's table has a step for each `1/EXP_STEPS` of a power.
const EXP_STEP_BITS: u32 = 8;
const EXP_STEPS: usize = 1 << EXP_STEP_BITS;

// `log2(1 + i/256)` and `1/(1 + i/256)` for each step `i`, and `2^(k/256)`
// for each step `k`, worked out by the compiler (whose floating-point
// arithmetic is IEEE's on every host) with series far longer than a run
// could afford.
static LOG2_STEPS: [f64; LOG_STEPS] = {
    let mut table = [0.0; LOG_STEPS];
    let mut step = 0;
    while step < LOG_STEPS {
        let c = 1.0 + step as f64 / LOG_STEPS as f64;
        table[step] = ln_slowly(c) * std::f64::consts::LOG2_E;
        step += 1;
    }
    table
};

static INVERSE_STEPS: [f64; LOG_STEPS] = {
    let mut table = [0.0; LOG_STEPS];
    let mut step = 0;
    while step < LOG_STEPS {
        table[step] = 1.0 / (1.0 + step as f64 / LOG_STEPS as f64);
        step += 1;
    }
    table
};

static EXP2_STEPS: [f64; EXP_STEPS] = {
    let mut table = [0.0; EXP_STEPS];
    let mut step = 0;
    while step < EXP_STEPS {
        table[step] = exp_slowly(step as f64 / EXP_STEPS as f64 * std::f64::consts::LN_2);
        step += 1;
    }
    table
};

/// `ln m` for `m` in `[1, 2]`: `2 (z + z³/3 + z⁵/5 + …)` with
/// `z = (m − 1)/(m + 1)`, at most 1/3, summed to the 61st power.
const fn ln_slowly(m: f64) -> f64 {
    let z = (m - 1.0) / (m + 1.0);
    let z2 = z * z;
    let mut series = 0.0;
    let mut odd = 61.0;
    while odd >= 1.0 {
        series = series * z2 + 1.0 / odd;
        odd -= 2.0;
    }
    2.0 * z * series
}

/// `e^w` for `w` in `[0, 1)`, summed to the 30th power.
const fn exp_slowly(w: f64) -> f64 {
    let mut series = 1.0;
    let mut k = 30.0;
    while k >= 1.0 {
        series = 1.0 + w * series / k;
        k -= 1.0;
    }
    series
}

/// `value · 2^power` for `value` in `[1, 2)` and `power` from -1075 to
/// 1023, with one rounding at most (into the subnormals).
fn scale_by_power_of_two(value: f64, power: i64) -> f64 {
    let exact = |power: i64| f64::from_bits(((power + 1023) as u64) << 52);
    if power >= -1022 {
        value * exact(power)
    } else {
        // 2^power itself is subnormal or less: two normal factors, so only
        // the final product rounds.
        value * exact(power + 64) * exact(-64)
    }
}

/// `(sin, cos)` of `turns` whole turns (`turns` in `[0, 1)`), for building
/// constant tables at compile time.
///
/// Reduces to a quarter turn `φ` in `[0, π/2)` and sums both Taylor series
/// to the 25th power, where the next term is below 1e-20. Accurate to a few
/// units in the last place; the gradients built from it only need to be
/// unit vectors to that accuracy.
pub(crate) const fn sin_cos_turns(turns: f64) -> (f64, f64) {
    let quarters = turns * 4.0;
    let quadrant = quarters as i64; // turns >= 0, so this is the floor
    let phi = (quarters - quadrant as f64) * std::f64::consts::FRAC_PI_2;
    let phi2 = phi * phi;
    // sin φ = φ − φ³/3! + …, cos φ = 1 − φ²/2! + …, built term by term.
    let mut sin = phi;
    let mut cos = 1.0;
    let mut sin_term = phi;
    let mut cos_term = 1.0;
    let mut k = 1.0;
    while k <= 12.0 {
        sin_term = -sin_term * phi2 / ((2.0 * k) * (2.0 * k + 1.0));
        cos_term = -cos_term * phi2 / ((2.0 * k - 1.0) * (2.0 * k));
        sin += sin_term;
        cos += cos_term;
        k += 1.0;
    }
    match quadrant & 3 {
        0 => (sin, cos),
        1 => (cos, -sin),
        2 => (-sin, -cos),
        _ => (-cos, sin),
    }
}

// Compares with the standard library's functions, which is fine natively:
// these tests are about accuracy, not about identical bits.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_and_round_match_the_standard_library() {
        for x in [
            -3.5,
            -3.0,
            -2.999,
            -0.5,
            -1e-300,
            -0.0,
            0.0,
            1e-300,
            0.5,
            0.999_999,
            1.0,
            2.5,
            1e9 + 0.25,
        ] {
            assert_eq!(floor_to_int(x), x.floor() as i64, "{x}");
        }
        for x in [0.0, 0.49, 0.5, 1.5, 2.4999, 1e9 + 0.5] {
            assert_eq!(round_to_int(x), (x + 0.5).floor() as i64, "{x}");
        }
    }

    #[test]
    fn log2_and_exp2_are_accurate() {
        let mut x = 1e-310;
        while x < 1e300 {
            let error = (log2(x) - x.log2()).abs();
            assert!(
                error <= 1e-15 * x.log2().abs().max(1.0),
                "log2 {x}: {error}"
            );
            x *= 1.37;
        }
        assert_eq!(log2(1.0), 0.0);
        assert_eq!(log2(0.5), -1.0);
        let mut y: f64 = -1080.0;
        while y <= 0.0 {
            let expected = y.exp2();
            let error = (exp2(y) - expected).abs();
            assert!(
                error <= 1e-15 * expected || error < 1e-323,
                "exp2 {y}: {error}"
            );
            y += 0.173;
        }
        assert_eq!(exp2(0.0), 1.0);
        assert_eq!(exp2(-1.0), 0.5);
        assert_eq!(exp2(-1100.0), 0.0);
    }

    #[test]
    fn pow_unit_is_within_1e_14_of_powf_and_exact_at_the_ends() {
        for power in [0.1, 0.25, 0.5, 1.0, 1.7, 2.0, 3.3, 5.0] {
            assert_eq!(pow_unit(0.0, power), 0.0);
            assert_eq!(pow_unit(1.0, power), 1.0);
            let mut base: f64 = 1e-6;
            while base < 1.0 {
                let expected = base.powf(power);
                let error = (pow_unit(base, power) - expected).abs() / expected;
                assert!(error < 1e-14, "{base}^{power}: relative error {error}");
                base += 0.000_731;
            }
        }
        assert!(pow_unit(1e-300, 5.0) == 0.0 || pow_unit(1e-300, 5.0) < 1e-300);
        assert!((pow_unit(1e-310, 0.1) - 1e-31).abs() < 1e-44);
    }

    #[test]
    fn pow_unit_is_monotonic() {
        for power in [0.1, 1.0, 2.5, 5.0] {
            let mut previous = 0.0;
            for step in 0..=10_000 {
                let value = pow_unit(f64::from(step) / 10_000.0, power);
                assert!(value >= previous, "{power}: step {step}");
                previous = value;
            }
        }
    }

    #[test]
    fn sin_cos_turns_is_accurate_on_the_whole_circle() {
        for step in 0..4096 {
            let turns = f64::from(step) / 4096.0 + 1.0 / 8192.0;
            let (sin, cos) = sin_cos_turns(turns);
            let angle = turns * std::f64::consts::TAU;
            assert!((sin - angle.sin()).abs() < 1e-15, "{turns}");
            assert!((cos - angle.cos()).abs() < 1e-15, "{turns}");
            assert!((sin * sin + cos * cos - 1.0).abs() < 1e-15, "{turns}");
        }
    }
}
