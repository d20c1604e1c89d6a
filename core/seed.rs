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

/// The scale of an elided weight's values: ±1/sqrt(n/d) for n elements of largest dim d (a fan-in
/// guess that keeps activations of deep models finite).
pub fn weight_scale(dims: &[u64]) -> f64 {
    let elements: f64 = dims.iter().map(|&d| d as f64).product();
    let widest = dims.iter().copied().max().unwrap_or(1).max(1) as f64;
    1.0 / (elements / widest).max(1.0).sqrt()
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
    fn weight_scale_is_fan_in() {
        assert_eq!(weight_scale(&[16, 4]), 0.5);
        assert_eq!(weight_scale(&[3]), 1.0);
        assert_eq!(weight_scale(&[]), 1.0);
    }
}
