//! The one shape every op family reduces an op to before the importer assigns SOAP roles and builds the
//! op graph: loops with trip counts, an affine access per operand and result, an op class and a FLOP count.
//!
//! Families (`crate::family`, with `crate::family::stablehlo` for StableHLO/CHLO attributes) only describe an
//! op; they never decide roles, weights or graph membership: that is the importer's job, done once for
//! every family alike.
//!
//! Conventions:
//! - loop `k` runs over `0..loops[k]`; `parallel[k]` is false for reduction loops (the loop does not
//!   index any result);
//! - an access is one [`AffineDim`] of the loop indices per tensor dim, as in a linalg indexing map. An
//!   index that leaves `[0, size)` for some loop values (padding, concatenation offsets, slices of a
//!   larger tensor) is fine: region computations clamp to the tensor;
//! - `inputs[i]` describes operand `i`; `None` means the op does not read that operand's elements (a
//!   scalar, a destination that is only overwritten, a shape operand);
//! - data-dependent indices (gathers, embedding lookups) get a loop of their own over the indexed dim of
//!   the table, a reduction loop: splitting it partitions the table (vocabulary-parallel embedding) and
//!   leaves partial results to be summed, which is exactly what such a split costs.

use flexc_core::AffineDim;
use flexc_core::OpClass;

/// What a family knows about one op.
#[derive(Clone, Debug, PartialEq)]
pub struct OpModel {
    /// Trip count of every loop.
    pub loops: Vec<u64>,
    /// Per loop: parallel (`true`) or reduction.
    pub parallel: Vec<bool>,
    /// Per operand, in operand order: how the op reads it, or `None` when it does not read it.
    pub inputs: Vec<Option<Vec<AffineDim>>>,
    /// Per result, in result order: which element each loop point writes.
    pub outputs: Vec<Vec<AffineDim>>,
    pub class: OpClass,
    /// Forward FLOPs of the whole op (a multiply-add counts 2).
    pub flops: u64,
}

/// Identity accesses `[d0, ..., d{rank-1}]`.
pub fn identity(rank: usize) -> Vec<AffineDim> {
    (0..rank).map(AffineDim::dim).collect()
}

/// Row-major linearization of loops `dims` (outermost first) with trip counts `sizes`:
/// `d_a * (size_b * size_c) + d_b * size_c + d_c`; a reshape's access to the lower-rank side.
/// The product of `values`, `None` when it overflows 64 bits.
pub fn checked_product(values: &[u64]) -> Option<u64> {
    values.iter().try_fold(1u64, |acc, &v| acc.checked_mul(v))
}

/// The product of `values`, `u64::MAX` when it overflows (a size the import then rejects).
pub fn saturating_product(values: &[u64]) -> u64 {
    checked_product(values).unwrap_or(u64::MAX)
}

pub fn linearized(dims: &[usize], sizes: &[u64]) -> AffineDim {
    let mut stride = 1i64;
    let mut terms = Vec::with_capacity(dims.len());
    for &d in dims.iter().rev() {
        terms.push((d, stride));
        stride = stride.saturating_mul(sizes[d] as i64);
    }
    terms.reverse();
    AffineDim { terms, offset: 0 }
}

impl OpModel {
    /// A pure data-movement op over `loops` (all parallel) with the given accesses: no FLOPs.
    pub fn movement(
        loops: Vec<u64>,
        inputs: Vec<Option<Vec<AffineDim>>>,
        outputs: Vec<Vec<AffineDim>>,
    ) -> Self {
        OpModel {
            parallel: vec![true; loops.len()],
            loops,
            inputs,
            outputs,
            class: OpClass::DataMovement,
            flops: 0,
        }
    }

    /// Number of points of the iteration space, saturating at `u64::MAX` (see [`Self::checked_volume`]).
    pub fn volume(&self) -> u64 {
        saturating_product(&self.loops)
    }

    /// Number of points of the iteration space; `None` when it overflows 64 bits.
    pub fn checked_volume(&self) -> Option<u64> {
        checked_product(&self.loops)
    }

    /// Checks that the op's sizes fit 64 bits: its iteration space and its FLOPs (which families compute
    /// with saturating arithmetic, so an overflow shows as `u64::MAX`). The message says what overflowed.
    pub fn check_sizes(&self) -> Result<(), String> {
        if self.checked_volume().is_none() {
            let sizes: Vec<String> = self.loops.iter().map(u64::to_string).collect();
            return Err(format!(
                "its iteration space ({}) has more points than 64 bits count (it overflows u64)",
                sizes.join("x")
            ));
        }
        if self.flops == u64::MAX {
            return Err(format!(
                "its FLOP count ({} points times the FLOPs per point) overflows 64 bits",
                self.volume()
            ));
        }
        Ok(())
    }

    /// Checks the conventions of the module doc; the message names the first violation.
    pub fn check(&self, operands: usize, results: usize) -> Result<(), String> {
        if self.parallel.len() != self.loops.len() {
            return Err(format!(
                "{} loops but {} parallel flags",
                self.loops.len(),
                self.parallel.len()
            ));
        }
        if self.inputs.len() != operands || self.outputs.len() != results {
            return Err(format!(
                "accesses for {} operands and {} results, but the op has {operands} and {results}",
                self.inputs.len(),
                self.outputs.len()
            ));
        }
        if let Some(k) = self.loops.iter().position(|&n| n == 0) {
            return Err(format!("loop d{k} has trip count 0"));
        }
        let accesses = self.inputs.iter().flatten().chain(&self.outputs);
        for access in accesses {
            if let Some(&(d, _)) = access
                .iter()
                .flat_map(|e| &e.terms)
                .find(|(d, _)| *d >= self.loops.len())
            {
                return Err(format!(
                    "an access uses loop d{d} of {} loops",
                    self.loops.len()
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linearized_strides_are_row_major() {
        let e = linearized(&[1, 2, 3], &[64, 3, 224, 224]);
        assert_eq!(e.terms, vec![(1, 224 * 224), (2, 224), (3, 1)]);
        assert_eq!(linearized(&[0], &[5]).terms, vec![(0, 1)]);
    }

    #[test]
    fn check_names_the_violation() {
        let mut m = OpModel::movement(vec![4, 5], vec![Some(identity(2))], vec![identity(2)]);
        assert_eq!(m.check(1, 1), Ok(()));
        assert!(m.check(2, 1).unwrap_err().contains("the op has 2 and 1"));
        m.outputs[0][1] = AffineDim::dim(7);
        assert!(m.check(1, 1).unwrap_err().contains("loop d7"));
    }
}
