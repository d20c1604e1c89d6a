//! The GPU-lowering slot of every op family: a typed description of how an op will be lowered for
//! GPUs, computed from its [`OpModel`], for the GPU backend to consume. Contractions and convolutions
//! go to a vendor library (GEMM, DNN convolution); everything else becomes a generated kernel
//! (fused elementwise, parallel reduction, pooling, data movement, gather/scatter), sized here.

use crate::op_model::OpModel;
use mlir_sys::{
    mlirAttributeIsAString, mlirOperationGetDiscardableAttributeByName, mlirStringAttrGetValue,
    MlirOperation,
};

/// The attribute naming an op's GPU lowering (the manifest's kernel family): written by
/// `gpu-tag-families` and by the gather family's own lowering, read by [`tag_of`].
pub const GPU_FAMILY_ATTR: &str = "flexc.gpu_family";

/// How one op is lowered for GPUs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GpuLowering {
    /// A vendor library batched GEMM `C[b, m, n] = sum_k A[b, m, k] * B[b, k, n]`: `batch`, `m`, `n`
    /// and `k` are the products of the loops in each role (see [`gemm_shape`]).
    Gemm { batch: u64, m: u64, n: u64, k: u64 },
    /// A vendor library convolution: `outputs` output points (parallel loops), each a dot product of
    /// `window` points (reduction loops: input features and kernel window).
    Convolution { outputs: u64, window: u64 },
    /// A generated pooling kernel: one thread per output point, each reducing `window` points.
    Pooling { outputs: u64, window: u64 },
    /// A generated fused elementwise kernel: one thread per point, reading `inputs` tensors.
    Elementwise { points: u64, inputs: usize },
    /// A generated parallel reduction: `rows` independent reductions of `length` elements each.
    Reduction { rows: u64, length: u64 },
    /// A generated copy kernel (reshape, transpose, broadcast, slice, pad, concat) of `elements`
    /// result elements.
    DataMovement { elements: u64 },
    /// A generated gather (or, `scatter`, scatter-combine) kernel: `lookups` output points, each
    /// selecting among `candidates` table positions (the data-dependent loops).
    Gather {
        lookups: u64,
        candidates: u64,
        scatter: bool,
    },
}

/// The family the GPU target names a kernel or library call by (the manifest's `kernels` and
/// `placement`), the `flexc.gpu_family` tag of `gpu-tag-families`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KernelFamily {
    Contraction,
    Convolution,
    Reduction,
    Elementwise,
    DataMovement,
    Gather,
}

impl KernelFamily {
    pub const ALL: [KernelFamily; 6] = [
        KernelFamily::Contraction,
        KernelFamily::Convolution,
        KernelFamily::Reduction,
        KernelFamily::Elementwise,
        KernelFamily::DataMovement,
        KernelFamily::Gather,
    ];

    /// The tag's and the manifest's word.
    pub fn name(self) -> &'static str {
        match self {
            KernelFamily::Contraction => "contraction",
            KernelFamily::Convolution => "convolution",
            KernelFamily::Reduction => "reduction",
            KernelFamily::Elementwise => "elementwise",
            KernelFamily::DataMovement => "data-movement",
            KernelFamily::Gather => "gather",
        }
    }

    /// The family named `word` ([`KernelFamily::name`]).
    pub fn parse(word: &str) -> Option<KernelFamily> {
        KernelFamily::ALL.into_iter().find(|f| f.name() == word)
    }

    /// Whether ops of this family go to a vendor library (GEMM, DNN convolution) when their
    /// operands' layouts allow it: the lowerings [`GpuLowering::Gemm`] and
    /// [`GpuLowering::Convolution`].
    pub fn library(self) -> bool {
        matches!(self, KernelFamily::Contraction | KernelFamily::Convolution)
    }
}

impl GpuLowering {
    /// The family the GPU target names this lowering's kernel or library call by.
    pub fn kernel_family(self) -> KernelFamily {
        match self {
            GpuLowering::Gemm { .. } => KernelFamily::Contraction,
            GpuLowering::Convolution { .. } => KernelFamily::Convolution,
            GpuLowering::Pooling { .. } | GpuLowering::Reduction { .. } => KernelFamily::Reduction,
            GpuLowering::Elementwise { .. } => KernelFamily::Elementwise,
            GpuLowering::DataMovement { .. } => KernelFamily::DataMovement,
            GpuLowering::Gather { .. } => KernelFamily::Gather,
        }
    }
}

/// The family `op` was tagged with (`flexc.gpu_family`: by `gpu-tag-families`, or by a family's own
/// lowering); `None` untagged. The GPU passes and the manifest read the tag here.
pub fn tag_of(op: MlirOperation) -> Option<KernelFamily> {
    let tag = unsafe {
        mlirOperationGetDiscardableAttributeByName(
            op,
            melior::StringRef::new(GPU_FAMILY_ATTR).to_raw(),
        )
    };
    if tag.ptr.is_null() || !unsafe { mlirAttributeIsAString(tag) } {
        return None;
    }
    let word = unsafe { melior::StringRef::from_raw(mlirStringAttrGetValue(tag)) };
    KernelFamily::parse(word.as_str().ok()?)
}

/// Product of the trip counts of the loops `selected` picks.
pub fn product(model: &OpModel, selected: impl Fn(usize) -> bool) -> u64 {
    model
        .loops
        .iter()
        .enumerate()
        .filter(|&(k, _)| selected(k))
        .map(|(_, &n)| n)
        .fold(1u64, u64::saturating_mul)
}

/// Product of the parallel loops and of the reduction loops.
pub fn parallel_and_reduced(model: &OpModel) -> (u64, u64) {
    (
        product(model, |k| model.parallel[k]),
        product(model, |k| !model.parallel[k]),
    )
}

/// Whether operand `input`'s access (if read) uses loop `k`.
pub fn reads_loop(model: &OpModel, input: usize, k: usize) -> bool {
    model
        .inputs
        .get(input)
        .and_then(Option::as_ref)
        .is_some_and(|access| access.iter().any(|e| e.terms.iter().any(|&(d, _)| d == k)))
}

/// The GEMM sizes of a contraction: with `A`, `B` its first two read tensors, a parallel loop indexing
/// both is a batch loop, one indexing `B` but not `A` an `n` loop, any other parallel loop an `m`
/// loop, and every reduction loop a `k` loop.
pub fn gemm_shape(model: &OpModel) -> GpuLowering {
    let read: Vec<usize> = (0..model.inputs.len())
        .filter(|&i| model.inputs[i].is_some())
        .take(2)
        .collect();
    let (a, b) = match read[..] {
        [a, b] => (Some(a), Some(b)),
        [a] => (Some(a), None),
        _ => (None, None),
    };
    let in_a = |k| a.is_some_and(|a| reads_loop(model, a, k));
    let in_b = |k| b.is_some_and(|b| reads_loop(model, b, k));
    GpuLowering::Gemm {
        batch: product(model, |k| model.parallel[k] && in_a(k) && in_b(k)),
        m: product(model, |k| model.parallel[k] && !in_b(k)),
        n: product(model, |k| model.parallel[k] && in_b(k) && !in_a(k)),
        k: product(model, |k| !model.parallel[k]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::op_model::identity;
    use flexc_core::{AffineDim, OpClass};

    fn d(k: usize) -> AffineDim {
        AffineDim::dim(k)
    }

    #[test]
    fn batch_matmul_is_a_batched_gemm() {
        // (b, m, n, k) = (4, 64, 32, 128): A[b, m, k], B[b, k, n], C[b, m, n].
        let model = OpModel {
            loops: vec![4, 64, 32, 128],
            parallel: vec![true, true, true, false],
            inputs: vec![
                Some(vec![d(0), d(1), d(3)]),
                Some(vec![d(0), d(3), d(2)]),
                None,
            ],
            outputs: vec![vec![d(0), d(1), d(2)]],
            class: OpClass::Contraction,
            flops: 2 * 4 * 64 * 32 * 128,
        };
        assert_eq!(
            gemm_shape(&model),
            GpuLowering::Gemm {
                batch: 4,
                m: 64,
                n: 32,
                k: 128
            }
        );
        assert_eq!(parallel_and_reduced(&model), (4 * 64 * 32, 128));
    }

    #[test]
    fn kernel_families_name_and_parse_back() {
        for family in KernelFamily::ALL {
            assert_eq!(KernelFamily::parse(family.name()), Some(family));
        }
        assert_eq!(KernelFamily::parse("pooling"), None);
        let library: Vec<_> = KernelFamily::ALL
            .into_iter()
            .filter(|f| f.library())
            .collect();
        assert_eq!(
            library,
            [KernelFamily::Contraction, KernelFamily::Convolution]
        );
        assert_eq!(
            GpuLowering::Pooling {
                outputs: 4,
                window: 9
            }
            .kernel_family(),
            KernelFamily::Reduction
        );
    }

    #[test]
    fn products_of_no_loop_are_one() {
        let model = OpModel::movement(vec![3, 5], vec![Some(identity(2))], vec![identity(2)]);
        assert_eq!(parallel_and_reduced(&model), (15, 1));
        assert!(reads_loop(&model, 0, 1));
        assert!(!reads_loop(&model, 1, 0));
    }
}
