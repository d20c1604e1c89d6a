//! The error of a result against its expected value, shared by `flexc-run --check`/`--reference`
//! and `flexc-gpu --check`/`--reference`, so a check means the same thing on CPU and GPU.
//!
//! The error is `max |a - b| / max(|b|, floor)` over the elements, with `floor` the largest finite
//! magnitude of the expected result (or `atol` when given): relative to the result's scale, so
//! elements near zero do not blow it up. NaN equals NaN; an infinite difference, or results of
//! different sizes, fail whatever the tolerance.

/// The comparison of one result with its expected value.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The largest `|a - b|` (infinite when a difference is not finite).
    pub max_abs_difference: f64,
    /// The largest finite `|b|`.
    pub max_magnitude: f64,
    /// The error (module doc).
    pub error: f64,
    /// False when the sizes differ or a difference is not finite.
    pub ok: bool,
}

impl Comparison {
    /// Whether the result passes with relative tolerance `rtol`.
    pub fn passed(&self, rtol: f64) -> bool {
        self.ok && self.error <= rtol
    }
}

/// Compares the values `actual` with `expected` (module doc); `atol` replaces the floor.
pub fn compare(actual: &[f64], expected: &[f64], atol: Option<f64>) -> Comparison {
    let max_magnitude = expected
        .iter()
        .filter(|v| v.is_finite())
        .fold(0.0f64, |m, v| m.max(v.abs()));
    let floor = atol.unwrap_or(max_magnitude).max(f64::MIN_POSITIVE);
    let (mut max_abs_difference, mut error) = (0.0f64, 0.0f64);
    let mut ok = actual.len() == expected.len();
    for (&x, &y) in actual.iter().zip(expected) {
        if x.is_nan() && y.is_nan() || x == y {
            continue;
        }
        let difference = (x - y).abs();
        if !difference.is_finite() {
            ok = false;
            max_abs_difference = f64::INFINITY;
            error = f64::INFINITY;
            continue;
        }
        max_abs_difference = max_abs_difference.max(difference);
        error = error.max(difference / y.abs().max(floor));
    }
    Comparison {
        max_abs_difference,
        max_magnitude,
        error,
        ok,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_relative_to_the_largest_magnitude() {
        let c = compare(&[1.0, 2.0, 0.0], &[1.0, 4.0, 0.001], None);
        assert_eq!(c.max_magnitude, 4.0);
        assert_eq!(c.max_abs_difference, 2.0);
        assert_eq!(c.error, 0.5);
        assert!(c.ok && !c.passed(0.1) && c.passed(0.5));
        assert!(compare(&[f64::NAN], &[f64::NAN], None).passed(0.0));
        assert!(!compare(&[f64::INFINITY], &[1.0], None).ok);
        assert!(!compare(&[1.0], &[1.0, 2.0], None).ok);
        assert_eq!(compare(&[0.5], &[0.25], Some(1.0)).error, 0.25);
    }
}
