//! The ordered all-reduce both runtimes compute: `out[i] = ((c0[i] ⊕ c1[i]) ⊕ c2[i]) ⊕ ...` over the
//! members' contributions in ascending device order, on raw native-endian buffers. `flexc-run`'s CPU
//! runtime folds with it; the GPU runtime's kernel (PTX) computes the same, and its tests check the
//! kernel's host model against it, so the two agree bit for bit.
//!
//! Max and min propagate NaN as `arith.maximumf`/`minimumf` do: a NaN operand gives `a + b`, a NaN
//! that keeps an operand's payload (what the GPU kernel's `add` produces); integers wrap on sum.

/// Reduction kinds of `par.all_reduce`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceKind {
    Sum,
    Max,
    Min,
}

impl ReduceKind {
    pub const ALL: [ReduceKind; 3] = [ReduceKind::Sum, ReduceKind::Max, ReduceKind::Min];

    /// `par.all_reduce`'s `kind` (`sum`, `max`, `min`).
    pub fn name(self) -> &'static str {
        match self {
            ReduceKind::Sum => "sum",
            ReduceKind::Max => "max",
            ReduceKind::Min => "min",
        }
    }

    /// By its name.
    pub fn parse(name: &str) -> Option<ReduceKind> {
        ReduceKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// Element types the all-reduce takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceElement {
    F32,
    F64,
    I32,
    I64,
}

impl ReduceElement {
    /// In the order messages list them.
    pub const ALL: [ReduceElement; 4] = [
        ReduceElement::I32,
        ReduceElement::I64,
        ReduceElement::F32,
        ReduceElement::F64,
    ];

    /// The MLIR name.
    pub fn name(self) -> &'static str {
        match self {
            ReduceElement::F32 => "f32",
            ReduceElement::F64 => "f64",
            ReduceElement::I32 => "i32",
            ReduceElement::I64 => "i64",
        }
    }

    /// Bytes per element.
    pub fn width(self) -> usize {
        match self {
            ReduceElement::F32 | ReduceElement::I32 => 4,
            ReduceElement::F64 | ReduceElement::I64 => 8,
        }
    }

    /// By its MLIR name (`f32`, `f64`, `i32`, `i64`).
    pub fn parse(name: &str) -> Option<ReduceElement> {
        ReduceElement::ALL.into_iter().find(|e| e.name() == name)
    }
}

/// The fold of `parts` (equal lengths; the first one's length counts) in their order.
pub fn fold_ordered(parts: &[&[u8]], element: ReduceElement, kind: ReduceKind) -> Vec<u8> {
    macro_rules! fold {
        ($t:ty, $sum:expr, $max:expr, $min:expr) => {{
            const W: usize = std::mem::size_of::<$t>();
            let read = |bytes: &[u8], i: usize| {
                bytes
                    .get(i * W..(i + 1) * W)
                    .and_then(|b| b.try_into().ok())
                    .map_or(<$t>::default(), <$t>::from_ne_bytes)
            };
            let count = parts.first().map_or(0, |p| p.len() / W);
            let mut out = Vec::with_capacity(count * W);
            for i in 0..count {
                let mut acc = read(parts[0], i);
                for part in &parts[1..] {
                    let v = read(part, i);
                    acc = match kind {
                        ReduceKind::Sum => $sum(acc, v),
                        ReduceKind::Max => $max(acc, v),
                        ReduceKind::Min => $min(acc, v),
                    };
                }
                out.extend_from_slice(&acc.to_ne_bytes());
            }
            out
        }};
    }
    macro_rules! float {
        ($t:ty) => {
            fold!(
                $t,
                |a: $t, b: $t| a + b,
                |a: $t, b: $t| if a.is_nan() || b.is_nan() {
                    a + b
                } else {
                    a.max(b)
                },
                |a: $t, b: $t| if a.is_nan() || b.is_nan() {
                    a + b
                } else {
                    a.min(b)
                }
            )
        };
    }
    match element {
        ReduceElement::F32 => float!(f32),
        ReduceElement::F64 => float!(f64),
        ReduceElement::I32 => fold!(i32, i32::wrapping_add, i32::max, i32::min),
        ReduceElement::I64 => fold!(i64, i64::wrapping_add, i64::max, i64::min),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(values: &[f32]) -> Vec<u8> {
        values.iter().flat_map(|v| v.to_ne_bytes()).collect()
    }

    fn read_f32s(bytes: &[u8]) -> Vec<f32> {
        bytes
            .chunks(4)
            .map(|c| f32::from_ne_bytes(c.try_into().unwrap()))
            .collect()
    }

    #[test]
    fn folds_in_order_with_nan_propagation() {
        // (1e8 + 1) - 1e8 in f32 is 0 in this order, 1 in another: the order is part of the result.
        let (a, b, c) = (
            f32s(&[1e8, 1.0]),
            f32s(&[1.0, f32::NAN]),
            f32s(&[-1e8, 3.0]),
        );
        let sum = read_f32s(&fold_ordered(
            &[&a, &b, &c],
            ReduceElement::F32,
            ReduceKind::Sum,
        ));
        assert_eq!(sum[0], 0.0);
        assert!(sum[1].is_nan());
        let max = read_f32s(&fold_ordered(
            &[&a, &b, &c],
            ReduceElement::F32,
            ReduceKind::Max,
        ));
        assert_eq!(max[0], 1e8);
        assert!(max[1].is_nan(), "NaN wins over 3.0");
        let min = read_f32s(&fold_ordered(
            &[&a, &c],
            ReduceElement::F32,
            ReduceKind::Min,
        ));
        assert_eq!(min, vec![-1e8, 1.0]);
        let ints: Vec<u8> = [i32::MAX, 5].iter().flat_map(|v| v.to_ne_bytes()).collect();
        let one: Vec<u8> = [1i32, -7].iter().flat_map(|v| v.to_ne_bytes()).collect();
        let wrapped = fold_ordered(&[&ints, &one], ReduceElement::I32, ReduceKind::Sum);
        assert_eq!(
            i32::from_ne_bytes(wrapped[..4].try_into().unwrap()),
            i32::MIN
        );
        assert_eq!(
            ReduceElement::parse("i64").map(ReduceElement::width),
            Some(8)
        );
        assert_eq!(ReduceElement::parse("f16"), None);
    }
}
