//! Tied weights: two weight constants that hold the same tensor, up to a permutation of its dims.
//!
//! A model with a shared embedding (GPT-2's token embedding is also its output projection) reads one
//! weight twice. The linalg export keeps one constant and transposes it with an op (a weight view, counted
//! once); the TOSA export folds the transpose into a second constant with the permuted values, so the
//! identity of the weight is only in its values. [`TiedWeights`] finds it there: constants with the same
//! element type, the same dims up to order (unit dims ignored) and the same values under one of the
//! permutations that map one shape to the other are one weight. A hash of the values that does not
//! depend on their order selects the candidates; the values are then compared exactly. Constants whose
//! data is absent (elided exports) cannot be compared and stay distinct, and so do constants of one
//! repeated value (ones, zeros), which distinct parameters share at initialization.

use mlir_sys::MlirAttribute;
use std::collections::HashMap;

extern "C" {
    /// `capi_shim.cpp`: the element bytes of a non-splat dense or dense_resource attribute.
    fn flexcElementsRawData(
        attribute: MlirAttribute,
        data: *mut *const u8,
        size: *mut usize,
    ) -> bool;
}

/// The element bytes of a constant's value (`None` for splats and elided or absent data). The slice
/// lives as long as the attribute's context.
fn raw_data<'a>(attribute: MlirAttribute) -> Option<&'a [u8]> {
    let mut data = std::ptr::null();
    let mut size = 0usize;
    let found = unsafe { flexcElementsRawData(attribute, &mut data, &mut size) };
    (found && !data.is_null() && size > 0)
        .then(|| unsafe { std::slice::from_raw_parts(data, size) })
}

/// A weight constant seen so far.
struct Seen<'a> {
    key: usize,
    /// Non-unit dims, in order.
    dims: Vec<u64>,
    data: &'a [u8],
}

/// The weight constants of a module, grouped by an order-independent fingerprint.
#[derive(Default)]
pub struct TiedWeights<'a> {
    seen: HashMap<(usize, Vec<u64>, u64), Vec<Seen<'a>>>,
}

impl<'a> TiedWeights<'a> {
    /// Registers the weight constant `key` whose value is `attribute` (of `dims`, `element_bytes` per
    /// element); returns the key of an earlier constant holding the same weight, if any.
    pub fn tie(
        &mut self,
        key: usize,
        attribute: MlirAttribute,
        dims: &[u64],
        element_bytes: usize,
    ) -> Option<usize> {
        let data: &'a [u8] = raw_data(attribute)?;
        let dims: Vec<u64> = dims.iter().copied().filter(|&d| d != 1).collect();
        let elements: u64 = dims.iter().product();
        if element_bytes == 0 || data.len() as u64 != elements.checked_mul(element_bytes as u64)? {
            return None;
        }
        // A tensor of one repeated value (a LayerNorm scale of ones, a zero bias at initialization)
        // says nothing about identity: distinct parameters share such values.
        if data
            .chunks_exact(element_bytes)
            .all(|chunk| chunk == &data[..element_bytes])
        {
            return None;
        }
        let mut sorted = dims.clone();
        sorted.sort_unstable();
        let fingerprint = (element_bytes, sorted, multiset_hash(data, element_bytes));
        let group = self.seen.entry(fingerprint).or_default();
        let tied = group
            .iter()
            .find(|earlier| permuted_equal(earlier, &dims, data, element_bytes))
            .map(|earlier| earlier.key);
        if tied.is_none() {
            group.push(Seen { key, dims, data });
        }
        tied
    }
}

/// A hash of the elements that does not depend on their order (a wrapping sum of mixed elements).
fn multiset_hash(data: &[u8], element_bytes: usize) -> u64 {
    data.chunks_exact(element_bytes)
        .map(|chunk| {
            let mut bits = [0u8; 8];
            let n = chunk.len().min(8);
            bits[..n].copy_from_slice(&chunk[..n]);
            mix(u64::from_le_bytes(bits) ^ chunk.len() as u64)
        })
        .fold(0u64, u64::wrapping_add)
}

/// SplitMix64's finalizer.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Whether `data` (of `dims`) is `earlier`'s tensor with its dims permuted: element `c` of `data` is
/// element `c'` of `earlier`, `c'[perm[k]] = c[k]`, for some permutation with `earlier.dims[perm[k]] ==
/// dims[k]`.
fn permuted_equal(earlier: &Seen<'_>, dims: &[u64], data: &[u8], element_bytes: usize) -> bool {
    if earlier.dims.len() != dims.len() || earlier.data.len() != data.len() {
        return false;
    }
    let rank = dims.len();
    // Row-major strides of the earlier tensor, in elements.
    let mut strides = vec![1u64; rank];
    for k in (0..rank.saturating_sub(1)).rev() {
        strides[k] = strides[k + 1] * earlier.dims[k + 1];
    }
    permutations(rank).into_iter().any(|perm| {
        (0..rank).all(|k| earlier.dims[perm[k]] == dims[k])
            && same_under(earlier.data, data, dims, &perm, &strides, element_bytes)
    })
}

/// Compares `data` element by element with `earlier` read through `perm` and `strides`.
fn same_under(
    earlier: &[u8],
    data: &[u8],
    dims: &[u64],
    perm: &[usize],
    strides: &[u64],
    element_bytes: usize,
) -> bool {
    let mut coordinate = vec![0u64; dims.len()];
    for chunk in data.chunks_exact(element_bytes) {
        let offset: u64 = (0..dims.len())
            .map(|k| coordinate[k] * strides[perm[k]])
            .sum();
        let at = offset as usize * element_bytes;
        if earlier.get(at..at + element_bytes) != Some(chunk) {
            return false;
        }
        // Next coordinate, row-major.
        for k in (0..dims.len()).rev() {
            coordinate[k] += 1;
            if coordinate[k] < dims[k] {
                break;
            }
            coordinate[k] = 0;
        }
    }
    true
}

/// Every permutation of `0..n` (n is a tensor rank; ranks above 6 compare only the identity).
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n > 6 {
        return vec![(0..n).collect()];
    }
    let mut out = vec![Vec::new()];
    for _ in 0..n {
        let mut longer = Vec::new();
        for prefix in out {
            for i in (0..n).filter(|i| !prefix.contains(i)) {
                let mut next = prefix.clone();
                next.push(i);
                longer.push(next);
            }
        }
        out = longer;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(dims: &[u64], values: &[f32]) -> (Vec<u64>, Vec<u8>) {
        (
            dims.to_vec(),
            values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        )
    }

    #[test]
    fn a_transposed_copy_is_the_same_weight() {
        let (dims, data) = seen(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let earlier = Seen {
            key: 7,
            dims,
            data: &data,
        };
        let (t_dims, t_data) = seen(&[3, 2], &[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
        assert!(permuted_equal(&earlier, &t_dims, &t_data, 4));
        assert_eq!(
            multiset_hash(&data, 4),
            multiset_hash(&t_data, 4),
            "order-independent"
        );
        // Same values, not a transpose: distinct weights.
        let (o_dims, o_data) = seen(&[3, 2], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert!(!permuted_equal(&earlier, &o_dims, &o_data, 4));
    }

    #[test]
    fn permutations_are_complete() {
        assert_eq!(permutations(3).len(), 6);
        assert_eq!(permutations(0), vec![Vec::<usize>::new()]);
    }
}
