//! Gathers, scatters and embeddings: linalg generics that read a table by data-dependent index
//! (`tensor.extract` in the body: embedding lookups, TOSA's `gather` lowered), torch-mlir's
//! `tm_tensor.scatter`, and StableHLO's `gather` and `scatter`.
//!
//! - **Model**: one extra reduction loop per data-dependent index, over the indexed table dim
//!   (splitting it partitions the table: vocabulary-parallel embeddings, partial results summed). Linalg
//!   ops through their maps ([`super::structured`], the table as a capture); `tm_tensor.scatter` below;
//!   StableHLO by its dimension numbers (`crate::family::stablehlo`).
//! - **Cut**: the structured cut for linalg ops (every task reads captured tables whole; tasks that
//!   differ only in capture loops compute the same region). `tm_tensor.scatter` whose rows follow a
//!   result dim `j` in blocks of `w` ([`row_blocks`]) is cut along `j` ([`ScatterCut`]): a task takes
//!   the rows of its blocks and the whole destination (only its box is read and kept: its rows land
//!   nowhere else), and its clone carries [`ROW_BLOCK_ATTR`] so that its lowering keeps the blocks
//!   parallel; other scatters and other splits are refused (an unsplit op runs whole).
//! - **Shard export**: the generic rule.
//! - **GPU**: a generated gather kernel, or a scatter-combine kernel when the op reads what it writes.
//!   `tm_tensor.scatter` is first lowered to upstream ops on tensors ([`lowering`], shared with the CPU
//!   runtime): rows in parallel where the indices are unique, blocks of rows in parallel where the
//!   index trace proves the blocks never meet, else one result element per thread scanning the rows;
//!   always deterministic (colliding rows combine in row order).

mod lowering;

pub use lowering::{lower_scatters, PARALLEL_LOOP_ATTR, ROW_BLOCK_ATTR};

use super::{
    cut::{Body, Combine, Operand, Planned, TaskCut, TaskCx},
    default_cut, gpu, index_trace, operand_shape, result_shape, GpuLowering, Import, OpCx,
    OpFamily,
};
use crate::{
    op_model::{identity, OpModel},
    region::{full, Region},
};
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

    fn cut(
        &self,
        op: &OperationRef<'_, '_>,
        name: &str,
        model: &OpModel,
    ) -> Result<Box<dyn TaskCut>, String> {
        if name != "tm_tensor.scatter" {
            return default_cut(op, name, model);
        }
        let refused = || {
            "has rows that may land anywhere in its result: par-materialize runs it only whole, not split".to_string()
        };
        let (Some(updates), Some(indices), Some(result)) = (
            operand_shape(op, 0),
            operand_shape(op, 1),
            result_shape(op, 0),
        ) else {
            return Err(refused());
        };
        let (j, w) = row_blocks(op, &updates, &indices, &result).ok_or_else(refused)?;
        // The finest blocks of rows that never meet (the lowering's scheme), which the task clones
        // can no longer prove from their sliced indices.
        let rows = updates.first().copied().unwrap_or(0);
        let fine = op
            .operand(1)
            .ok()
            .and_then(|v| index_trace::row_block_digits(v.to_raw(), rows, indices[1]))
            .map_or(w, |(_, fine)| fine);
        Ok(Box::new(ScatterCut {
            dim: j,
            block: w,
            fine,
        }))
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

/// The cut of a `tm_tensor.scatter` whose rows `b*block .. (b+1)*block` land only at index `b` of
/// result dim `dim` (module doc): along `dim` only.
struct ScatterCut {
    dim: usize,
    block: u64,
    /// The finest blocks of rows that never meet ([`index_trace::row_block_digits`]).
    fine: u64,
}

impl TaskCut for ScatterCut {
    fn task(
        &self,
        cx: &TaskCx<'_, '_, '_>,
        loops: &Region,
        _first: Result<(), Option<Combine>>,
    ) -> Result<Planned, String> {
        let result = cx.result_shape()?;
        let rank = result.len();
        let whole = |d: usize, extent: i64| loops.get(d) == Some(&(0, extent));
        let block = i64::try_from(self.block).map_err(|_| "has too many rows")?;
        if loops.len() != rank + 1
            || !whole(rank, block)
            || (0..rank).any(|d| d != self.dim && !whole(d, result[d]))
        {
            return Err(format!(
                "can only be split along result dim {}, which its rows follow",
                self.dim
            ));
        }
        let (updates, indices, original) = (cx.id(0)?, cx.id(1)?, cx.id(2)?);
        let updates_shape = cx.shape(0).ok_or("has dynamic updates")?;
        let indices_shape = cx.shape(1).ok_or("has dynamic indices")?;
        let (lo, hi) = loops[self.dim];
        let rows = (lo * block, hi * block);
        let mut update_part = full(&updates_shape);
        update_part[0] = rows;
        let mut index_part = full(&indices_shape);
        index_part[0] = rows;
        let task_box: Region = loops[..rank].to_vec();
        Ok(Planned {
            body: Body::Part {
                operands: vec![
                    Operand::Slice(updates, update_part.clone()),
                    Operand::Slice(indices, index_part.clone()),
                    Operand::Whole(original),
                ],
                attributes: vec![(ROW_BLOCK_ATTR, format!("{} : i64", self.fine))],
                region: task_box.clone(),
            },
            reads: vec![
                (updates, update_part),
                (indices, index_part),
                (original, task_box.clone()),
            ],
            outputs: vec![task_box],
        })
    }
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
