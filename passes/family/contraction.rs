//! Contractions: matmuls, batch matmuls, `linalg.generic` contractions (TOSA's `matmul` and
//! `fully_connected` lower to these), einsum-like reductions of a product of two tensors, and
//! StableHLO's `dot_general` and `dot`.
//!
//! - **Model**: linalg ops through their indexing maps ([`super::structured`]: a reduction over two
//!   read tensors whose body multiplies); `stablehlo.dot_general`/`dot` by their dimension numbers
//!   (`crate::family::stablehlo`): batch, lhs free, rhs free loops (parallel), contracting loops (reduction).
//! - **Cut**: the structured cut (slices by the maps; a split contraction loop leaves partial sums,
//!   combined by `par.all_reduce`); StableHLO contractions are not cut.
//! - **Shard export**: the generic rule (a split contracting loop shows in the operand shardings only).
//! - **GPU**: a vendor library batched GEMM ([`GpuLowering::Gemm`]).

use super::{gpu, GpuLowering, Import, OpCx, OpFamily};
use crate::op_model::OpModel;
use flexc_core::OpClass;

pub struct Contraction;

impl OpFamily for Contraction {
    fn name(&self) -> &'static str {
        "contraction"
    }

    fn import(&self, cx: &OpCx<'_, '_, '_>) -> Option<Import> {
        cx.structured_of_class(OpClass::Contraction)
            .or_else(|| cx.stablehlo(&["dot_general", "dot"]))
    }

    fn gpu_lowering(&self, model: &OpModel) -> GpuLowering {
        gpu::gemm_shape(model)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flexc_core::AffineDim;

    #[test]
    fn matmul_is_a_gemm() {
        // linalg.matmul (m, n, k) = (64, 1000, 4096).
        let d = AffineDim::dim;
        let model = OpModel {
            loops: vec![64, 1000, 4096],
            parallel: vec![true, true, false],
            inputs: vec![Some(vec![d(0), d(2)]), Some(vec![d(2), d(1)]), None],
            outputs: vec![vec![d(0), d(1)]],
            class: OpClass::Contraction,
            flops: 2 * 64 * 1000 * 4096,
        };
        assert_eq!(
            Contraction.gpu_lowering(&model),
            GpuLowering::Gemm {
                batch: 1,
                m: 64,
                n: 1000,
                k: 4096
            }
        );
    }
}
