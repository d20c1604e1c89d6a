//! Gathers, scatters and embeddings: linalg generics that read a table by data-dependent index
//! (`tensor.extract` in the body: embedding lookups, TOSA's `gather` lowered), torch-mlir's
//! `tm_tensor.scatter`, and StableHLO's `gather` and `scatter`.
//!
//! - **Model**: one extra reduction loop per data-dependent index, over the indexed table dim
//!   (splitting it partitions the table: vocabulary-parallel embeddings, partial results summed). Linalg
//!   ops through their maps ([`super::structured`], the table as a capture); `tm_tensor.scatter` below;
//!   StableHLO by its dimension numbers (`crate::stablehlo`).
//! - **Cut**: the structured cut for linalg ops (every task reads captured tables whole; tasks that
//!   differ only in capture loops compute the same region); scatters are not cut.
//! - **Shard export**: the generic rule.
//! - **GPU**: a generated gather kernel, or a scatter-combine kernel when the op reads what it writes.
//!   `tm_tensor.scatter` is first lowered to upstream ops on tensors ([`lowering`], shared with the CPU
//!   runtime): rows in parallel where the indices are unique, blocks of rows in parallel where the
//!   index trace proves the blocks never meet, else one result element per thread scanning the rows;
//!   always deterministic (colliding rows combine in row order).

mod lowering;

pub use lowering::{lower_scatters, scheme, Scheme, GPU_FAMILY_ATTR, PARALLEL_LOOP_ATTR};

use super::{gpu, index_trace, operand_shape, result_shape, GpuLowering, Import, OpCx, OpFamily};
use crate::op_model::{identity, OpModel};
use flexc_core::{AffineDim, OpClass};
use melior::ir::{operation::OperationLike, OperationRef, ValueLike};

pub struct Gather;

impl OpFamily for Gather {
    fn name(&self) -> &'static str {
        "gather"
    }

    fn import(&self, cx: &OpCx<'_, '_, '_>) -> Option<Import> {
        if cx.name == "tm_tensor.scatter" {
            return Some(tm_scatter(cx.op));
        }
        cx.structured_of_class(OpClass::Embedding)
            .or_else(|| cx.stablehlo(&["gather", "scatter"]))
    }

    fn gpu_lowering(&self, model: &OpModel) -> GpuLowering {
        let (lookups, candidates) = gpu::parallel_and_reduced(model);
        let scatter = model
            .outputs
            .iter()
            .any(|output| model.inputs.iter().flatten().any(|input| input == output));
        GpuLowering::Gather {
            lookups,
            candidates,
            scatter,
        }
    }
}

/// torch-mlir's `tm_tensor.scatter(updates, indices, original)` (generic form): `original` with
/// `updates[i]` combined into the element that row `i` of `indices` names. Loops over the result
/// (parallel) plus one reduction loop over the update rows: which rows land where is data-dependent, so
/// a split of the rows leaves partial results to combine, as for StableHLO's scatter.
///
/// Except where an index column provably holds the row's block `r / w` ([`index_trace::row_block`]; the
/// column names result dim `j` through `dimension_map`): then rows `i*w .. (i+1)*w` land in index `i` of
/// dim `j` only, so the reduction loop runs over the `w` rows of one block and the rows are read at
/// `d_j * w + d_rows`: a split of dim `j` (the samples, for a one-hot of targets or a max-pool
/// backward) splits the updates with it and leaves nothing to combine.
fn tm_scatter(op: &OperationRef<'_, '_>) -> Import {
    let (Some(updates), Some(indices), Some(result)) = (
        operand_shape(op, 0),
        operand_shape(op, 1),
        result_shape(op, 0),
    ) else {
        return Import::Unknown;
    };
    if op.operand_count() != 3 || updates.is_empty() || indices.len() != 2 {
        return Import::Invalid("expected (updates, indices, original) with 2-D indices".into());
    }
    let rank = result.len();
    let rows = rank;
    let mut loops = result.clone();
    // The update row read by the rows loop: `d_rows`, or `d_j * w + d_rows` for blocks of `w` rows.
    let mut row = AffineDim::dim(rows);
    match row_blocks(op, &updates, &indices, &result) {
        Some((j, w)) => {
            loops.push(w);
            row.terms.push((j, w as i64));
        }
        None => loops.push(updates[0].max(1)),
    }
    let mut parallel = vec![true; rank];
    parallel.push(false);
    // Trailing update dims (slices) follow the trailing result dims.
    let slice = updates.len() - 1;
    let mut update_access = vec![row.clone()];
    update_access.extend((rank - slice.min(rank)..rank).map(AffineDim::dim));
    let points = crate::op_model::saturating_product(&updates);
    Import::Modelled(OpModel {
        loops,
        parallel,
        inputs: vec![
            Some(update_access),
            Some(vec![row, AffineDim::constant(0)]),
            Some(identity(rank)),
        ],
        outputs: vec![identity(rank)],
        class: OpClass::Embedding,
        flops: points,
    })
}

/// The result dim `j` and block size `w` when an index column of `tm_tensor.scatter` provably holds
/// `r / w` for update row `r`, and the blocks exactly cover dim `j` (`rows == w * result[j]`).
fn row_blocks(
    op: &OperationRef<'_, '_>,
    updates: &[u64],
    indices: &[u64],
    result: &[u64],
) -> Option<(usize, u64)> {
    let rows = *updates.first()?;
    let dimension_map = super::i64_attribute(op, "dimension_map")?;
    let values = op.operand(1).ok()?.to_raw();
    let (column, w) = index_trace::row_block(values, rows, *indices.get(1)?)?;
    let j = usize::try_from(*dimension_map.get(column)?).ok()?;
    (w > 0 && result.get(j)?.checked_mul(w) == Some(rows) && i64::try_from(w).is_ok())
        .then_some((j, w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedding_lookup_and_scatter() {
        // A lookup of 32 rows of 512 in a 1000-row table: the table loop is the reduction loop.
        let d = AffineDim::dim;
        let lookup = OpModel {
            loops: vec![32, 512, 1000],
            parallel: vec![true, true, false],
            inputs: vec![Some(vec![d(0)]), None],
            outputs: vec![vec![d(0), d(1)]],
            class: OpClass::Embedding,
            flops: 0,
        };
        assert_eq!(
            Gather.gpu_lowering(&lookup),
            GpuLowering::Gather {
                lookups: 32 * 512,
                candidates: 1000,
                scatter: false
            }
        );
        // tm_tensor.scatter of 8 update rows into a [100, 16] tensor: it reads what it writes.
        let scatter = OpModel {
            loops: vec![100, 16, 8],
            parallel: vec![true, true, false],
            inputs: vec![
                Some(vec![d(2), d(1)]),
                Some(vec![d(2), AffineDim::constant(0)]),
                Some(identity(2)),
            ],
            outputs: vec![identity(2)],
            class: OpClass::Embedding,
            flops: 8 * 16,
        };
        assert_eq!(
            Gather.gpu_lowering(&scatter),
            GpuLowering::Gather {
                lookups: 1600,
                candidates: 8,
                scatter: true
            }
        );
    }
}
