//! Convolutions and pooling: linalg convolutions and pooling ops (named or generic, TOSA's `conv2d`,
//! `depthwise_conv2d`, `max_pool2d`, `avg_pool2d` lowered), and StableHLO's `convolution`,
//! `reduce_window` and `select_and_scatter`.
//!
//! - **Model**: linalg ops through their indexing maps ([`super::structured`]: an input index that sums
//!   an output loop and a window loop); StableHLO ops by their window attributes (`crate::family::stablehlo`).
//! - **Cut**: the structured cut; a task reads its window rows (the halo) from its neighbours.
//!   StableHLO windowed ops are not cut.
//! - **Shard export**: the generic rule; a split loop that indexes a window (a halo) is not
//!   expressible, the op stays replicated.
//! - **GPU**: a vendor library convolution when two tensors are read (input and kernel), a generated
//!   pooling kernel when one is.

use super::{gpu, GpuLowering, Import, OpCx, OpFamily};
use crate::op_model::OpModel;
use flexc_core::OpClass;

pub struct Convolution;

impl OpFamily for Convolution {
    fn name(&self) -> &'static str {
        "convolution"
    }

    fn import(&self, cx: &OpCx<'_, '_, '_>) -> Option<Import> {
        cx.structured_of_class(OpClass::Convolution)
            .or_else(|| cx.stablehlo(&["convolution", "reduce_window", "select_and_scatter"]))
    }

    fn gpu_lowering(&self, model: &OpModel) -> GpuLowering {
        let (outputs, window) = gpu::parallel_and_reduced(model);
        // An output operand read as an accumulator does not count: input and kernel do.
        let results = model.outputs.len();
        let inputs = model.inputs.len().saturating_sub(results);
        let read = model.inputs[..inputs].iter().flatten().count();
        if read >= 2 {
            GpuLowering::Convolution { outputs, window }
        } else {
            GpuLowering::Pooling { outputs, window }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flexc_core::AffineDim;

    fn conv(inputs: usize) -> OpModel {
        // 1-D: (n, f, o, c, w) = (8, 16, 30, 4, 3); input [n, c, o + w], kernel [f, c, w].
        let d = AffineDim::dim;
        let window = AffineDim::window(2, 1, 4, 1, 0);
        let mut reads = vec![Some(vec![d(0), d(3), window]), Some(vec![d(1), d(3), d(4)])];
        reads.truncate(inputs);
        reads.push(None);
        OpModel {
            loops: vec![8, 16, 30, 4, 3],
            parallel: vec![true, true, true, false, false],
            inputs: reads,
            outputs: vec![vec![d(0), d(1), d(2)]],
            class: OpClass::Convolution,
            flops: 2 * 8 * 16 * 30 * 4 * 3,
        }
    }

    #[test]
    fn convolutions_go_to_the_library_and_pooling_to_a_kernel() {
        assert_eq!(
            Convolution.gpu_lowering(&conv(2)),
            GpuLowering::Convolution {
                outputs: 8 * 16 * 30,
                window: 12
            }
        );
        assert_eq!(
            Convolution.gpu_lowering(&conv(1)),
            GpuLowering::Pooling {
                outputs: 8 * 16 * 30,
                window: 12
            }
        );
    }
}
