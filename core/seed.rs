//! Seeded values shared by the CPU runner (`flexc-run`) and the GPU runtime (`flexc-gpu`): both must
//! draw the same inputs and elided weights from the same seed, so their outputs compare.
//!
//! A stream of values is named (a function argument `@f:argument0`, an elided weight
//! `__elided__3:tensor<8x8xf32>`); the name is hashed (FNV-1a) and mixed with the seed, and SplitMix64
//! produces the values. Floats are uniform in [-1, 1); elided weights are scaled by
//! [`weight_scale`].

/// SplitMix64: small, seedable, and the same on every platform.
pub struct SplitMix(u64);

impl SplitMix {
    /// The stream named `stream` under `seed`.
    pub fn new(seed: u64, stream: &str) -> SplitMix {
        // FNV-1a of the stream name, mixed with the seed.
        let hash = stream.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        SplitMix(seed ^ hash)
    }

    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [-1, 1).
    pub fn symmetric(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }
}

/// The values of a data input: `count` elements of `dtype` from the stream `stream` (for the
/// serial function `@f`'s argument `i`: `@f:argument<i>`), native byte order. Floats uniform in
/// [-1, 1), i1 in {0, 1}, other integers in [0, int_max). `None` for dtypes without a rule.
pub fn data_values(
    seed: u64,
    stream: &str,
    dtype: &str,
    count: usize,
    int_max: i64,
) -> Option<Vec<u8>> {
    let mut rng = SplitMix::new(seed, stream);
    let modulus = int_max.max(1) as u64;
    let mut bytes = Vec::with_capacity(count * 8);
    for _ in 0..count {
        let mut integer = || (rng.next() % modulus) as i64;
        match dtype {
            "f32" => bytes.extend((rng.symmetric() as f32).to_ne_bytes()),
            "f64" => bytes.extend(rng.symmetric().to_ne_bytes()),
            "i1" => bytes.push((rng.next() & 1) as u8),
            "i8" => bytes.push(integer() as u8),
            "i16" => bytes.extend((integer() as i16).to_ne_bytes()),
            "i32" => bytes.extend((integer() as i32).to_ne_bytes()),
            "i64" => bytes.extend(integer().to_ne_bytes()),
            _ => return None,
        }
    }
    Some(bytes)
}

/// The scale of an elided weight's values: ±1/sqrt(n/d) for n elements of largest dim d (a fan-in
/// guess that keeps activations of deep models finite).
pub fn weight_scale(dims: &[u64]) -> f64 {
    let elements: f64 = dims.iter().map(|&d| d as f64).product();
    let widest = dims.iter().copied().max().unwrap_or(1).max(1) as f64;
    1.0 / (elements / widest).max(1.0).sqrt()
}

/// The values of an elided weight, native byte order: the stream `HANDLE:TYPE` (the resource handle
/// and the tensor type's text, `__elided__3:tensor<8x8xf32>`), floats uniform in [-1, 1) scaled by
/// [`weight_scale`] of `dims`, integers in [0, 8). The one definition `flexc-run` (weights filled
/// into the module) and `flexc-gpu` (weights as seeded program arguments) share. `None` for dtypes
/// without a rule (f32, f64, i32 and i64 have one).
pub fn weight_values(
    seed: u64,
    handle: &str,
    type_text: &str,
    dtype: &str,
    dims: &[u64],
) -> Option<Vec<u8>> {
    let count = dims
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(usize::try_from(d).ok()?))?;
    let width = match dtype {
        "f32" | "i32" => 4,
        "f64" | "i64" => 8,
        _ => return None,
    };
    let scale = weight_scale(dims);
    let mut rng = SplitMix::new(seed, &format!("{handle}:{type_text}"));
    let mut bytes = Vec::with_capacity(count.checked_mul(width)?);
    for _ in 0..count {
        match dtype {
            "f32" => bytes.extend(((rng.symmetric() * scale) as f32).to_ne_bytes()),
            "f64" => bytes.extend((rng.symmetric() * scale).to_ne_bytes()),
            "i32" => bytes.extend(((rng.next() % 8) as i32).to_ne_bytes()),
            _ => bytes.extend(((rng.next() % 8) as i64).to_ne_bytes()),
        }
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_pinned() {
        // The values are a file format of sorts (reference outputs depend on them): pin them.
        let mut rng = SplitMix::new(0, "@f:argument0");
        let first = rng.next();
        let mut again = SplitMix::new(0, "@f:argument0");
        assert_eq!(again.next(), first);
        assert_ne!(SplitMix::new(1, "@f:argument0").next(), first);
        assert_ne!(SplitMix::new(0, "@f:argument1").next(), first);
        let v = SplitMix::new(7, "x").symmetric();
        assert!((-1.0..1.0).contains(&v));
    }

    #[test]
    fn data_values_follow_their_dtype() {
        let floats = data_values(1, "@f:argument0", "f32", 3, 8).unwrap();
        let mut rng = SplitMix::new(1, "@f:argument0");
        let expected: Vec<u8> = (0..3)
            .flat_map(|_| (rng.symmetric() as f32).to_ne_bytes())
            .collect();
        assert_eq!(floats, expected);
        let ints = data_values(1, "s", "i64", 50, 3).unwrap();
        assert!(ints
            .chunks(8)
            .all(|c| (0..3).contains(&i64::from_ne_bytes(c.try_into().unwrap()))));
        assert_eq!(data_values(1, "s", "i1", 5, 8).unwrap().len(), 5);
        assert!(data_values(1, "s", "c64", 1, 8).is_none());
    }

    #[test]
    fn weight_values_are_the_scaled_stream() {
        let bytes = weight_values(3, "__elided__0", "tensor<4x2xf32>", "f32", &[4, 2]).unwrap();
        let mut rng = SplitMix::new(3, "__elided__0:tensor<4x2xf32>");
        let scale = weight_scale(&[4, 2]);
        let expected: Vec<u8> = (0..8)
            .flat_map(|_| ((rng.symmetric() * scale) as f32).to_ne_bytes())
            .collect();
        assert_eq!(bytes, expected);
        let ints = weight_values(3, "h", "tensor<5xi64>", "i64", &[5]).unwrap();
        assert!(ints
            .chunks(8)
            .all(|c| (0..8).contains(&i64::from_ne_bytes(c.try_into().unwrap()))));
        assert!(weight_values(3, "h", "tensor<2xf16>", "f16", &[2]).is_none());
        assert!(weight_values(3, "h", "t", "f32", &[u64::MAX, 4]).is_none());
    }

    #[test]
    fn weight_scale_is_fan_in() {
        assert_eq!(weight_scale(&[16, 4]), 0.5);
        assert_eq!(weight_scale(&[3]), 1.0);
        assert_eq!(weight_scale(&[]), 1.0);
    }
}
