//! Reductions: sums, maxima, means, norms' statistics over some dims (`linalg.reduce`, reduction
//! `linalg.generic`s, TOSA's `reduce_*` lowered), StableHLO's `reduce` and CHLO's `top_k` (each
//! output rank a pass over its row).
//!
//! - **Model**: linalg ops through their indexing maps ([`super::structured`]: a reduction loop, not a
//!   contraction); `stablehlo.reduce` by its `dimensions`, `chlo.top_k` by its rows and `k`
//!   (`crate::family::stablehlo`).
//! - **Cut**: the structured cut; a split reduction loop leaves partial results combined with the
//!   combiner the body yields (add, max, min). `stablehlo.reduce` is not cut.
//! - **Shard export**: the generic rule.
//! - **GPU**: a generated parallel reduction, one row per output point.

use super::{gpu, GpuLowering, Import, OpCx, OpFamily};
use crate::op_model::OpModel;
use flexc_core::OpClass;

pub struct Reduction;

impl OpFamily for Reduction {
    fn name(&self) -> &'static str {
        "reduction"
    }

    fn import(&self, cx: &OpCx<'_, '_, '_>) -> Option<Import> {
        cx.structured_of_class(OpClass::Reduction)
            .or_else(|| cx.stablehlo(&["reduce"]))
            .or_else(|| {
                (cx.name == "chlo.top_k").then(|| {
                    Import::from_stablehlo(crate::family::stablehlo::model(cx.op, cx.name))
                })
            })
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
