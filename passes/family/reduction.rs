//! Reductions: sums, maxima, means, norms' statistics over some dims (`linalg.reduce`, reduction
//! `linalg.generic`s, TOSA's `reduce_*` lowered), StableHLO's `reduce`, CHLO's `top_k` and
//! torch-mlir's `tm_tensor.sort` (each output rank a pass over its row).
//!
//! - **Model**: linalg ops through their indexing maps ([`super::structured`]: a reduction loop, not a
//!   contraction); `stablehlo.reduce` by its `dimensions`, `chlo.top_k` by its rows and `k`
//!   (`crate::family::stablehlo`), `tm_tensor.sort` by its rows ([`sort`]).
//! - **Cut**: the structured cut; a split reduction loop leaves partial results combined with the
//!   combiner the body yields (add, max, min). `stablehlo.reduce` is not cut; `tm_tensor.sort` is cut
//!   along its other dims and ranks, its rows whole ([`sort::SortCut`]), and lowered to linalg by
//!   `tm-tensor-lowering` ([`sort::lower_sorts`]).
//! - **Shard export**: the generic rule.
//! - **GPU**: a generated parallel reduction, one row per output point.

mod sort;

pub use sort::{lower_sorts, RANKS_FROM_ATTR};

use super::{cut::TaskCut, default_cut, gpu, GpuLowering, Import, OpCx, OpFamily};
use crate::op_model::OpModel;
use flexc_core::OpClass;
use melior::ir::OperationRef;

pub struct Reduction;

impl OpFamily for Reduction {
    fn name(&self) -> &'static str {
        "reduction"
    }

    fn import(&self, cx: &OpCx<'_, '_, '_>) -> Option<Import> {
        if cx.name == "tm_tensor.sort" {
            return Some(sort::import(cx.op));
        }
        cx.structured_of_class(OpClass::Reduction)
            .or_else(|| cx.stablehlo(&["reduce"]))
            .or_else(|| {
                (cx.name == "chlo.top_k").then(|| {
                    Import::from_stablehlo(crate::family::stablehlo::model(cx.op, cx.name))
                })
            })
    }

    fn cut(
        &self,
        op: &OperationRef<'_, '_>,
        name: &str,
        model: &OpModel,
    ) -> Result<Box<dyn TaskCut>, String> {
        if name == "tm_tensor.sort" {
            return Ok(Box::new(sort::SortCut));
        }
        default_cut(op, name, model)
    }

    fn gpu_lowering(&self, model: &OpModel) -> GpuLowering {
        let (rows, length) = gpu::parallel_and_reduced(model);
        GpuLowering::Reduction { rows, length }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flexc_core::AffineDim;

    #[test]
    fn row_sums_are_rows_of_a_parallel_reduction() {
        let d = AffineDim::dim;
        let model = OpModel {
            loops: vec![64, 1000],
            parallel: vec![true, false],
            inputs: vec![Some(vec![d(0), d(1)]), Some(vec![d(0)])],
            outputs: vec![vec![d(0)]],
            class: OpClass::Reduction,
            flops: 64 * 1000,
        };
        assert_eq!(
            Reduction.gpu_lowering(&model),
            GpuLowering::Reduction {
                rows: 64,
                length: 1000
            }
        );
    }
}
