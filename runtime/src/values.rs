//! Seeded inputs and the comparison of results, the same as `flexc-run`'s (so `--check` means the
//! same thing on CPU and GPU, and `--reference` files from `flexc-run --dump-outputs` compare).
//!
//! - a data input `index` of the serial program `f` is the stream `@f:argument<index>`: floats
//!   uniform in [-1, 1), integers in [0, int_max), i1 in {0, 1};
//! - an elided weight is the stream `HANDLE:TYPE` ([`flexc_core::seed::weight_values`]), floats scaled by
//!   [`flexc_core::seed::weight_scale`], integers in [0, 8);
//! - the error of a result is `max |a - b| / max(|b|, floor)` with `floor` the largest finite
//!   magnitude of the expected result (or `--atol`); NaN equals NaN.

use crate::manifest::{Input, InputKind};
use flexc_core::seed::{data_values, weight_values};

/// The bytes of one input (native byte order, row-major).
pub fn input_bytes(
    input: &Input,
    serial: &str,
    seed: u64,
    int_max: i64,
) -> Result<Vec<u8>, String> {
    let count = crate::manifest::elements(&input.shape).ok_or("input too large")?;
    match input.kind {
        InputKind::Weight => {
            let (Some(handle), Some(ty)) = (&input.handle, &input.type_text) else {
                return Err(format!(
                    "input {}: elided weight without handle",
                    input.index
                ));
            };
            weight_values(seed, handle, ty, &input.dtype, &input.shape)
                .ok_or_else(|| format!("input {}: cannot seed {}", input.index, input.dtype))
        }
        InputKind::Data => {
            let stream = format!("@{serial}:argument{}", input.index);
            data_values(seed, &stream, &input.dtype, count, int_max)
                .ok_or_else(|| format!("input {}: cannot seed {}", input.index, input.dtype))
        }
    }
}

/// The value of one element as f64.
pub fn element_value(dtype: &str, bytes: &[u8]) -> f64 {
    let mut word = [0u8; 8];
    let n = bytes.len().min(8);
    word[..n].copy_from_slice(&bytes[..n]);
    match dtype {
        "i1" => f64::from(word[0] & 1),
        "i8" => f64::from(word[0] as i8),
        "i16" => f64::from(i16::from_ne_bytes([word[0], word[1]])),
        "i32" => f64::from(i32::from_ne_bytes([word[0], word[1], word[2], word[3]])),
        "i64" => i64::from_ne_bytes(word) as f64,
        "f32" => f64::from(f32::from_ne_bytes([word[0], word[1], word[2], word[3]])),
        "f64" => f64::from_ne_bytes(word),
        "f16" => f16_value(u16::from_ne_bytes([word[0], word[1]])),
        "bf16" => f64::from(f32::from_bits(
            u32::from(u16::from_ne_bytes([word[0], word[1]])) << 16,
        )),
        _ => f64::NAN,
    }
}

fn f16_value(bits: u16) -> f64 {
    let sign = if bits >> 15 == 1 { -1.0 } else { 1.0 };
    let exponent = i32::from((bits >> 10) & 0x1f);
    let fraction = f64::from(bits & 0x3ff);
    match exponent {
        0 => sign * fraction * 2f64.powi(-24),
        31 if fraction == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        e => sign * (1.0 + fraction / 1024.0) * 2f64.powi(e - 15),
    }
}

pub use flexc_core::compare::Comparison;

/// Compares `actual` with `expected` (bytes of `dtype`); see the module doc and
/// [`flexc_core::compare`].
pub fn compare(dtype: &str, actual: &[u8], expected: &[u8], atol: Option<f64>) -> Comparison {
    let width = crate::manifest::dtype_width(dtype).unwrap_or(1);
    let values = |bytes: &[u8]| -> Vec<f64> {
        bytes
            .chunks(width)
            .map(|c| element_value(dtype, c))
            .collect()
    };
    flexc_core::compare::compare(&values(actual), &values(expected), atol)
}

#[cfg(test)]
mod tests {
    use super::*;
    use flexc_core::seed::SplitMix;

    fn input(kind: InputKind, dtype: &str, shape: &[u64]) -> Input {
        Input {
            index: 1,
            dtype: dtype.into(),
            shape: shape.to_vec(),
            kind,
            elided: kind == InputKind::Weight,
            handle: Some("__elided__0".into()),
            type_text: Some("tensor<4x2xf32>".into()),
        }
    }

    #[test]
    fn data_inputs_follow_flexc_runs_streams() {
        let bytes = input_bytes(&input(InputKind::Data, "f32", &[3]), "f", 5, 8).unwrap();
        let mut rng = SplitMix::new(5, "@f:argument1");
        let expected: Vec<u8> = (0..3)
            .flat_map(|_| (rng.symmetric() as f32).to_ne_bytes())
            .collect();
        assert_eq!(bytes, expected);
        let ints = input_bytes(&input(InputKind::Data, "i64", &[100]), "f", 5, 3).unwrap();
        assert!(ints
            .chunks(8)
            .all(|c| (0..3).contains(&i64::from_ne_bytes(c.try_into().unwrap()))));
        let bools = input_bytes(&input(InputKind::Data, "i1", &[10]), "f", 0, 8).unwrap();
        assert!(bools.len() == 10 && bools.iter().all(|&b| b <= 1));
    }

    #[test]
    fn elided_weights_are_scaled_by_fan_in() {
        let bytes = input_bytes(&input(InputKind::Weight, "f32", &[4, 2]), "f", 0, 8).unwrap();
        let mut rng = SplitMix::new(0, "__elided__0:tensor<4x2xf32>");
        let scale = 1.0 / 2f64.sqrt();
        let expected: Vec<u8> = (0..8)
            .flat_map(|_| ((rng.symmetric() * scale) as f32).to_ne_bytes())
            .collect();
        assert_eq!(bytes, expected);
        assert!(input_bytes(&input(InputKind::Weight, "f16", &[2]), "f", 0, 8).is_err());
    }

    fn f32s(values: &[f32]) -> Vec<u8> {
        values.iter().flat_map(|v| v.to_ne_bytes()).collect()
    }

    #[test]
    fn errors_are_relative_to_the_largest_magnitude() {
        let c = compare(
            "f32",
            &f32s(&[1.0, 2.0, 0.0]),
            &f32s(&[1.0, 4.0, 0.001]),
            None,
        );
        assert_eq!(c.max_magnitude, 4.0);
        assert_eq!(c.max_abs_difference, 2.0);
        assert_eq!(c.error, 0.5);
        assert!(c.ok && !c.passed(0.1) && c.passed(0.5));
        let nan = compare("f32", &f32s(&[f32::NAN]), &f32s(&[f32::NAN]), None);
        assert!(nan.passed(0.0));
        let inf = compare("f32", &f32s(&[f32::INFINITY]), &f32s(&[1.0]), None);
        assert!(!inf.ok);
        let short = compare("f32", &f32s(&[1.0]), &f32s(&[1.0, 2.0]), None);
        assert!(!short.ok);
        let floor = compare("f32", &f32s(&[0.5]), &f32s(&[0.25]), Some(1.0));
        assert_eq!(floor.error, 0.25);
    }

    #[test]
    fn half_floats_decode() {
        assert_eq!(element_value("f16", &0x3c00u16.to_ne_bytes()), 1.0);
        assert_eq!(element_value("f16", &0xc000u16.to_ne_bytes()), -2.0);
        assert_eq!(element_value("bf16", &0x3f80u16.to_ne_bytes()), 1.0);
        assert_eq!(element_value("i1", &[3]), 1.0);
    }
}
