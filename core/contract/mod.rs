//! The compiler↔runtime contract of flexc, in one place without MLIR: what `flexc --target=cuda`
//! (`src/gpu*.rs`), `par-lower-runtime` (`passes/par_lower_runtime.rs`), the CPU runtime of
//! `flexc-run` (`src/run/runtime.rs`) and the GPU runtime `flexc-gpu` (`runtime/`) must agree on.
//!
//! - [`manifest`]: the artifact's JSON manifest (serde both ways: the compiler writes it, the GPU
//!   runtime reads and validates it);
//! - the runtime entry points the compiled code calls, one function per family of names
//!   ([`send`], [`all_reduce`], [`resident`], [`Library`], ...) and [`entries`], every name the
//!   compiler can emit for a runtime: each runtime's tests check its exports against it;
//! - the element types the runtimes move ([`ELEMENTS`]) and reduce ([`ReduceElement::ALL`], with
//!   [`ReduceKind::ALL`]);
//! - an artifact's symbols, `--gpu-arch` values and the manifest digest.
//!
//! The artifact's format is docs/gpu.md's "Artifact format". The digest (64-bit FNV-1a of the manifest's bytes, without the NUL) is a constant of its own, so
//! that a manifest changed after compilation (a hand-edited shape or architecture of the same length)
//! no longer matches and the runtime refuses the file before loading it. It guards against mistakes,
//! not against an attacker: an artifact is native code and must come from a trusted compiler.

pub mod manifest;

pub use crate::graph::DType;
pub use crate::reduce::{ReduceElement, ReduceKind};

/// The GPU architectures the compiler writes PTX for (`--gpu-arch`).
pub const ARCHS: &[&str] = &["sm_90", "sm_80"];

/// The exported NUL-terminated JSON manifest.
pub const MANIFEST_SYMBOL: &str = "flexc_gpu_manifest";

/// The exported `u64` (little-endian) digest of the manifest ([`digest`]).
pub const DIGEST_SYMBOL: &str = "flexc_gpu_manifest_digest";

/// The C-interface entry of program `name` (`llvm.emit_c_interface`).
pub fn entry_symbol(name: &str) -> String {
    format!("_mlir_ciface_{name}")
}

/// 64-bit FNV-1a of `bytes`.
pub fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The element types the runtimes move (send, receive, all-gather, resident constants), in the
/// order messages list them; the reductions take [`ReduceElement::ALL`].
pub const ELEMENTS: [DType; 9] = [
    DType::I1,
    DType::I8,
    DType::I16,
    DType::I32,
    DType::I64,
    DType::F16,
    DType::BF16,
    DType::F32,
    DType::F64,
];

/// The runtime a program calls: `flexc-run`'s threads (`flexc_rt_*`, `par-lower-runtime`'s default
/// target) or `flexc-gpu` (`flexc_gpu_*`, `target=gpu`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runtime {
    Cpu,
    Gpu,
}

impl Runtime {
    /// The prefix of its entry points.
    pub fn prefix(self) -> &'static str {
        match self {
            Runtime::Cpu => "flexc_rt",
            Runtime::Gpu => "flexc_gpu",
        }
    }
}

/// `<prefix>_send_<T>(memref<*xT>, i64 peer, i64 tag)`.
pub fn send(runtime: Runtime, element: DType) -> String {
    format!("{}_send_{element}", runtime.prefix())
}

/// `<prefix>_recv_<T>(memref<*xT>, i64 peer, i64 tag)`: fills the buffer.
pub fn recv(runtime: Runtime, element: DType) -> String {
    format!("{}_recv_{element}", runtime.prefix())
}

/// `<prefix>_all_reduce_<kind>_<T>(memref<*xT>, i64 group_mask)`: in place.
pub fn all_reduce(runtime: Runtime, kind: ReduceKind, element: ReduceElement) -> String {
    format!(
        "{}_all_reduce_{}_{}",
        runtime.prefix(),
        kind.name(),
        element.name()
    )
}

/// `<prefix>_all_gather_<T>(memref<*xT> part, memref<*xT> whole, i64 group_mask, i64 dim)`.
pub fn all_gather(runtime: Runtime, element: DType) -> String {
    format!("{}_all_gather_{element}", runtime.prefix())
}

/// `<prefix>_reduce_scatter_<kind>_<T>(memref<*xT> whole, memref<*xT> part, i64 group_mask, i64
/// dim)`.
pub fn reduce_scatter(runtime: Runtime, kind: ReduceKind, element: ReduceElement) -> String {
    format!(
        "{}_reduce_scatter_{}_{}",
        runtime.prefix(),
        kind.name(),
        element.name()
    )
}

/// `flexc_gpu_resident_<T>(memref<?xT>) -> memref<?xT>`: the device copy of a host constant.
pub fn resident(element: DType) -> String {
    format!("flexc_gpu_resident_{element}")
}

/// `flexc_gpu_task_begin(i64 task)`, `flexc_gpu_task_end(i64 task)`: the GPU runtime's task timers.
pub const TASK_BEGIN: &str = "flexc_gpu_task_begin";
pub const TASK_END: &str = "flexc_gpu_task_end";

/// `flexc_profile_begin(i64 op)`, `flexc_profile_end(i64 op)`: `flexc-run --profile-db-out`'s
/// brackets (the JIT's host functions, not entries of a runtime library).
pub const PROFILE_BEGIN: &str = "flexc_profile_begin";
pub const PROFILE_END: &str = "flexc_profile_end";

/// The vendor-library entry points of the GPU runtime (`docs/gpu.md`). Memrefs are passed as
/// unranked descriptors; every call accumulates into its output (`C = A·B + C`, `O = conv(I, F) +
/// O`), which the preceding `linalg.fill` initialized.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Library {
    /// `(A, B, C, i64 transA, i64 transB, f32 alpha, f32 beta)`: row-major `C = alpha * op(A) *
    /// op(B) + beta * C` (cuBLAS).
    Gemm,
    /// The same per batch entry of 3-d memrefs (strided batched).
    BatchGemm,
    /// `(input, filter, output, i64 stride_h, i64 stride_w, i64 dilation_h, i64 dilation_w, i64
    /// pad_h, i64 pad_w)` in NCHW/FCHW (cuDNN).
    Conv2dNchwFchw,
    /// The same in NHWC/FHWC.
    Conv2dNhwcFhwc,
}

impl Library {
    pub const ALL: [Library; 4] = [
        Library::Gemm,
        Library::BatchGemm,
        Library::Conv2dNchwFchw,
        Library::Conv2dNhwcFhwc,
    ];

    /// The entry point's name.
    pub fn name(self) -> &'static str {
        match self {
            Library::Gemm => "flexc_gpu_gemm_f32",
            Library::BatchGemm => "flexc_gpu_batch_gemm_f32",
            Library::Conv2dNchwFchw => "flexc_gpu_conv2d_nchw_fchw_f32",
            Library::Conv2dNhwcFhwc => "flexc_gpu_conv2d_nhwc_fhwc_f32",
        }
    }

    /// Its MLIR argument types (the declaration's signature; it returns nothing).
    pub fn signature(self) -> &'static str {
        match self {
            Library::Gemm | Library::BatchGemm => {
                "memref<*xf32>, memref<*xf32>, memref<*xf32>, i64, i64, f32, f32"
            }
            Library::Conv2dNchwFchw | Library::Conv2dNhwcFhwc => {
                "memref<*xf32>, memref<*xf32>, memref<*xf32>, i64, i64, i64, i64, i64, i64"
            }
        }
    }
}

/// Every entry point the compiler can emit a call of for `runtime` (without `_mlir_ciface_`: the
/// declarations are `llvm.emit_c_interface`, so the calls go to [`entry_symbol`] of each; the GPU
/// runtime exports both).
pub fn entries(runtime: Runtime) -> Vec<String> {
    let mut names = Vec::new();
    for element in ELEMENTS {
        names.push(send(runtime, element));
        names.push(recv(runtime, element));
        names.push(all_gather(runtime, element));
    }
    for element in ReduceElement::ALL {
        for kind in ReduceKind::ALL {
            names.push(all_reduce(runtime, kind, element));
            names.push(reduce_scatter(runtime, kind, element));
        }
    }
    if runtime == Runtime::Gpu {
        names.extend(ELEMENTS.into_iter().map(resident));
        names.extend(Library::ALL.iter().map(|l| l.name().to_string()));
        names.extend([TASK_BEGIN, TASK_END].map(String::from));
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_is_fnv1a() {
        // Reference values of FNV-1a 64.
        assert_eq!(digest(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(digest(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_ne!(digest(b"[8,64]"), digest(b"[8,99]"));
        assert_eq!(entry_symbol("main_device1"), "_mlir_ciface_main_device1");
    }

    #[test]
    fn entry_names_are_the_documented_ones() {
        assert_eq!(send(Runtime::Cpu, DType::BF16), "flexc_rt_send_bf16");
        assert_eq!(
            all_reduce(Runtime::Gpu, ReduceKind::Max, ReduceElement::I64),
            "flexc_gpu_all_reduce_max_i64"
        );
        assert_eq!(
            reduce_scatter(Runtime::Cpu, ReduceKind::Sum, ReduceElement::F32),
            "flexc_rt_reduce_scatter_sum_f32"
        );
        let cpu = entries(Runtime::Cpu);
        let gpu = entries(Runtime::Gpu);
        // 9 elements × (send, recv, all-gather) + 4 × 3 × (all-reduce, reduce-scatter).
        assert_eq!(cpu.len(), 27 + 24);
        // ... + 9 resident constants, 4 library calls, 2 task timers.
        assert_eq!(gpu.len(), cpu.len() + 9 + 4 + 2);
        let unique: std::collections::BTreeSet<_> = gpu.iter().collect();
        assert_eq!(unique.len(), gpu.len());
        assert!(gpu.iter().all(|n| n.starts_with("flexc_gpu_")));
    }
}
